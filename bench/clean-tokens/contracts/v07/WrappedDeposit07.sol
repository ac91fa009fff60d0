// SPDX-License-Identifier: MIT
pragma solidity ^0.7.6;

interface IUnderlying07 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

// 1:1 wrapper of an underlying ERC-20 fixed at deployment (immutable). depositFor credits only what
// was pulled from the caller; withdrawTo burns the caller's wrapped tokens. No owner.
contract WrappedDeposit07 {
    IUnderlying07 public immutable underlying;
    string public constant name = "Wrapped Deposit";
    string public constant symbol = "wDEP";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(IUnderlying07 token) { underlying = token; }

    function depositFor(address account, uint256 amount) external returns (bool) {
        require(underlying.transferFrom(msg.sender, address(this), amount), "pull failed");
        totalSupply += amount;
        balanceOf[account] += amount;
        emit Transfer(address(0), account, amount);
        return true;
    }

    function withdrawTo(address account, uint256 amount) external returns (bool) {
        require(balanceOf[msg.sender] >= amount && totalSupply >= amount, "balance");
        balanceOf[msg.sender] -= amount;
        totalSupply -= amount;
        emit Transfer(msg.sender, address(0), amount);
        require(underlying.transfer(account, amount), "push failed");
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(allowance[from][msg.sender] >= amount, "allowance");
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
