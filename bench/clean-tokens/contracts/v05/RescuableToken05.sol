pragma solidity ^0.5.0;

interface IERC20Like {
    function balanceOf(address who) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

// increase/decreaseAllowance helpers; the owner can rescue foreign tokens and ETH sent here
// by mistake, but never this token's own balance.
contract RescuableToken05 {
    string public constant name = "Rescuable";
    string public constant symbol = "RSQ";
    uint8 public constant decimals = 12;
    uint256 public totalSupply;
    address payable public owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() public {
        owner = msg.sender;
        totalSupply = 7e20;
        balanceOf[msg.sender] = totalSupply;
    }

    modifier onlyOwner() { require(msg.sender == owner, "owner"); _; }

    function() external payable {}

    // Decoys.
    function rescueTokens(address token) external onlyOwner {
        require(token != address(this), "not this token");
        IERC20Like(token).transfer(owner, IERC20Like(token).balanceOf(address(this)));
    }

    function withdrawStuckETH() external onlyOwner {
        owner.transfer(address(this).balance);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _approve(from, msg.sender, _sub(allowance[from][msg.sender], value));
        _transfer(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }

    function increaseAllowance(address spender, uint256 added) external returns (bool) {
        uint256 v = allowance[msg.sender][spender] + added;
        require(v >= added, "overflow");
        _approve(msg.sender, spender, v);
        return true;
    }

    function decreaseAllowance(address spender, uint256 removed) external returns (bool) {
        _approve(msg.sender, spender, _sub(allowance[msg.sender][spender], removed));
        return true;
    }

    function _sub(uint256 a, uint256 b) private pure returns (uint256) {
        require(b <= a, "underflow");
        return a - b;
    }

    function _approve(address holder, address spender, uint256 value) private {
        allowance[holder][spender] = value;
        emit Approval(holder, spender, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        balanceOf[from] = _sub(balanceOf[from], value);
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
