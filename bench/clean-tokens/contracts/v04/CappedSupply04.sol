pragma solidity ^0.4.24;

// Supply fixed at deploy by a constant cap; burnFrom() spends the caller's allowance.
contract CappedSupply04 {
    uint256 public constant CAP = 100000000 ether;
    string public name = "Capped Supply";
    string public symbol = "CAP4";
    uint8 public decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address treasury) public {
        totalSupply = CAP;
        balanceOf[treasury] = CAP;
        emit Transfer(address(0), treasury, CAP);
    }

    function transfer(address to, uint256 value) public returns (bool success) {
        _transfer(msg.sender, to, value);
        success = true;
    }

    function approve(address spender, uint256 value) public returns (bool success) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        success = true;
    }

    function transferFrom(address from, address to, uint256 value) public returns (bool success) {
        _spendAllowance(from, value);
        _transfer(from, to, value);
        success = true;
    }

    function burn(uint256 value) public {
        _burn(msg.sender, value);
    }

    // Decoy: "burnFrom" only works within an allowance the holder granted.
    function burnFrom(address from, uint256 value) public {
        _spendAllowance(from, value);
        _burn(from, value);
    }

    function _spendAllowance(address from, uint256 value) internal {
        require(allowance[from][msg.sender] >= value);
        allowance[from][msg.sender] -= value;
    }

    function _burn(address from, uint256 value) internal {
        require(balanceOf[from] >= value && totalSupply >= value);
        balanceOf[from] -= value;
        totalSupply -= value;
        emit Transfer(from, address(0), value);
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(to != address(0));
        require(balanceOf[from] >= value);
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
