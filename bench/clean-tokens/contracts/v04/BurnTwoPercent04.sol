pragma solidity ^0.4.24;

// Deflationary: every transfer burns a constant 2% (not settable by anyone).
contract BurnTwoPercent04 {
    string public constant name = "Burn Two";
    string public constant symbol = "BRN2";
    uint8 public constant decimals = 9;
    uint256 public constant BURN_PERCENT = 2;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() public {
        totalSupply = 10 ** 18;
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) public returns (bool) {
        _send(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) public returns (bool) {
        require(allowance[from][msg.sender] >= value);
        allowance[from][msg.sender] -= value;
        _send(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) public returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function _send(address from, address to, uint256 value) internal {
        require(balanceOf[from] >= value);
        uint256 burned = value * BURN_PERCENT / 100;
        uint256 received = value - burned;
        balanceOf[from] -= value;
        balanceOf[to] += received;
        totalSupply = burned < totalSupply ? totalSupply - burned : 0;
        emit Transfer(from, to, received);
        if (burned > 0) emit Transfer(from, address(0), burned);
    }
}
