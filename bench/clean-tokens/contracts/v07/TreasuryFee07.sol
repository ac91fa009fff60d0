// SPDX-License-Identifier: MIT
pragma solidity ^0.7.6;

// A transfer fee in basis points paid to a treasury; setTransferFee refuses anything above 3%.
contract TreasuryFee07 {
    uint16 public constant MAX_FEE_BPS = 300;
    string public constant name = "Treasury Fee";
    string public constant symbol = "TFEE";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    address public treasury;
    uint16 public feeBps;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address _treasury) {
        owner = msg.sender;
        treasury = _treasury;
        feeBps = 100;
        totalSupply = 1e25;
        balanceOf[msg.sender] = 1e25;
    }

    modifier onlyOwner() { require(msg.sender == owner, "owner"); _; }

    // Decoys.
    function setTransferFee(uint16 bps) external onlyOwner { require(bps <= MAX_FEE_BPS, "fee cap"); feeBps = bps; }
    function setTreasury(address t) external onlyOwner { treasury = t; }
    function renounceOwnership() external onlyOwner { owner = address(0); }

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
        require(balanceOf[from] >= amount, "balance");
        uint256 bps = feeBps <= MAX_FEE_BPS ? feeBps : MAX_FEE_BPS;
        uint256 fee = amount * bps / 10_000;
        balanceOf[from] -= amount;
        balanceOf[to] += amount - fee;
        balanceOf[treasury] += fee;
        emit Transfer(from, to, amount - fee);
        if (fee != 0) emit Transfer(from, treasury, fee);
    }
}
