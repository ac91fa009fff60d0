// SPDX-License-Identifier: MIT
pragma solidity ^0.7.6;

// Anti-whale limit that can only be RAISED: the effective max transaction is never below a
// constant 2% of a constant supply, so nobody can lower it to block holders (they can always
// sell in 2% slices), and removeLimits() lifts it for good.
contract GenerousLimit07 {
    uint256 public constant TOTAL = 1_000_000_000e18;
    uint256 public constant MIN_MAX_TX = TOTAL / 50;
    string public constant name = "Generous Limit";
    string public constant symbol = "GLIM";
    uint8 public constant decimals = 18;
    address public owner;
    uint256 public maxTxExtra;
    bool public limitsRemoved;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = TOTAL;
    }

    function totalSupply() external pure returns (uint256) { return TOTAL; }

    function maxTxAmount() public view returns (uint256) {
        if (limitsRemoved) return type(uint256).max;
        uint256 extra = maxTxExtra > TOTAL ? TOTAL : maxTxExtra;
        return MIN_MAX_TX + extra;
    }

    // Decoys: the limit only goes up.
    function setMaxTx(uint256 newExtra) external {
        require(msg.sender == owner, "owner");
        require(newExtra >= maxTxExtra, "can only raise");
        maxTxExtra = newExtra;
    }

    function removeLimits() external {
        require(msg.sender == owner, "owner");
        limitsRemoved = true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(allowance[from][msg.sender] >= amount, "allowance");
        allowance[from][msg.sender] -= amount;
        _transfer(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(amount <= maxTxAmount(), "max tx");
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
