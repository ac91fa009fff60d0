// SPDX-License-Identifier: MIT
pragma solidity ^0.6.12;

// Fixed-price public sale: anyone can mint() by paying ETH, at a constant price, until a constant
// cap. There is no privileged mint; the owner can only collect the sale proceeds (ETH).
contract PublicSale06 {
    uint256 public constant CAP = 10000000 ether;
    uint256 public constant TOKENS_PER_ETH = 1000;
    string public constant name = "Public Sale";
    string public constant symbol = "SALE";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address payable public owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() public { owner = msg.sender; }

    // Decoy: payable, same price for everyone, supply capped by a constant.
    function mint(uint256 amount) external payable {
        require(amount % TOKENS_PER_ETH == 0 && amount / TOKENS_PER_ETH == msg.value, "wrong payment");
        require(totalSupply <= CAP && amount <= CAP - totalSupply, "sold out");
        totalSupply += amount;
        balanceOf[msg.sender] += amount;
        emit Transfer(address(0), msg.sender, amount);
    }

    // Decoy: takes ETH proceeds only.
    function withdrawProceeds() external {
        require(msg.sender == owner, "owner");
        owner.transfer(address(this).balance);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(allowance[from][msg.sender] >= value, "allowance");
        allowance[from][msg.sender] -= value;
        _transfer(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
