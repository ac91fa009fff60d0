// SPDX-License-Identifier: MIT
pragma solidity ^0.6.12;

// ETH dividends per token (magnified-per-share accounting). Anyone may pay dividends in; each
// holder withdraws their own share. No owner; transfers only adjust the dividend corrections.
contract DividendToken06 {
    uint256 private constant MAGNITUDE = 2**128;
    string public constant name = "Dividend Six";
    string public constant symbol = "DIV6";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    uint256 public magnifiedPerShare;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => int256) private corrections;
    mapping(address => uint256) public withdrawn;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event DividendsDistributed(address indexed from, uint256 weiAmount);

    constructor() public {
        totalSupply = 1e24;
        balanceOf[msg.sender] = totalSupply;
    }

    receive() external payable { distributeDividends(); }

    function distributeDividends() public payable {
        require(totalSupply > 0, "no supply");
        if (msg.value == 0) return;
        magnifiedPerShare += msg.value * MAGNITUDE / totalSupply;
        emit DividendsDistributed(msg.sender, msg.value);
    }

    function accumulativeDividendOf(address a) public view returns (uint256) {
        return uint256(int256(magnifiedPerShare * balanceOf[a]) + corrections[a]) / MAGNITUDE;
    }

    function withdrawableDividendOf(address a) public view returns (uint256) {
        return accumulativeDividendOf(a) - withdrawn[a];
    }

    function withdrawDividend() external {
        uint256 amount = withdrawableDividendOf(msg.sender);
        if (amount == 0) return;
        withdrawn[msg.sender] += amount;
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "eth");
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
        int256 c = int256(magnifiedPerShare * value);
        corrections[from] += c;
        corrections[to] -= c;
        emit Transfer(from, to, value);
    }
}
