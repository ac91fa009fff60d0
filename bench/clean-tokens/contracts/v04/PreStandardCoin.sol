pragma solidity ^0.4.24;

// Pre-standard token: transfer/transferFrom/approve return nothing, plain mapping ledger,
// totalSupply is a public state variable. No owner at all.
contract PreStandardCoin {
    string public name = "Pre Standard Coin";
    string public symbol = "PSC";
    uint8 public decimals = 8;
    uint256 public totalSupply;

    mapping (address => uint256) public balanceOf;
    mapping (address => mapping (address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint256 initial) public {
        totalSupply = initial;
        balanceOf[msg.sender] = initial;
    }

    function _move(address from, address to, uint256 value) internal {
        require(to != 0x0);
        require(balanceOf[from] >= value);
        require(balanceOf[to] + value >= balanceOf[to]);
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function transfer(address to, uint256 value) public {
        _move(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) public {
        require(value <= allowance[from][msg.sender]);
        allowance[from][msg.sender] -= value;
        _move(from, to, value);
    }

    function approve(address spender, uint256 value) public {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }
}
