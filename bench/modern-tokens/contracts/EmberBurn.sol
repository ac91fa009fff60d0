// SPDX-License-Identifier: MIT
// Ember ($EMBR) - 1% of every transfer burns. No owner, no switches.
pragma solidity ^0.8.5;

contract EmberBurn {
    string public constant name = "Ember";
    string public constant symbol = "EMBR";
    uint8 public constant decimals = 18;
    uint256 public constant BURN_BPS = 100;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        totalSupply = 21_000_000 ether;
        balanceOf[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 current = allowance[from][msg.sender];
        if (current != type(uint256).max) {
            require(current >= value, "EMBR: allowance");
            allowance[from][msg.sender] = current - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "EMBR: zero address");
        uint256 bal = balanceOf[from];
        require(bal >= value, "EMBR: balance");
        uint256 burned = (value * BURN_BPS) / 10_000;
        unchecked {
            balanceOf[from] = bal - value;
            totalSupply -= burned;
        }
        balanceOf[to] += value - burned;
        emit Transfer(from, to, value - burned);
        if (burned > 0) emit Transfer(from, address(0), burned);
    }
}
