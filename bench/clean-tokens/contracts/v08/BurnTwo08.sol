// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Constant 2% burn on every transfer; holders may also burn their own tokens or burn within an
// allowance. No owner, no setters.
contract BurnTwo08 {
    uint256 private constant BURN_BPS = 200;
    string public constant name = "Burn Two Eight";
    string public constant symbol = "BRN8";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        totalSupply = 2e25;
        balanceOf[msg.sender] = 2e25;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _send(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _spend(from, value);
        _send(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function burn(uint256 value) external { _burn(msg.sender, value); }

    function burnFrom(address from, uint256 value) external {
        _spend(from, value);
        _burn(from, value);
    }

    function _spend(address from, uint256 value) private {
        uint256 a = allowance[from][msg.sender];
        require(a >= value, "allowance");
        unchecked { allowance[from][msg.sender] = a - value; }
    }

    function _burn(address from, uint256 value) private {
        balanceOf[from] -= value;
        totalSupply -= value;
        emit Transfer(from, address(0), value);
    }

    function _send(address from, address to, uint256 value) private {
        uint256 burned = value * BURN_BPS / 10_000;
        balanceOf[from] -= value;
        unchecked { balanceOf[to] += value - burned; }
        totalSupply = burned < totalSupply ? totalSupply - burned : 0;
        emit Transfer(from, to, value - burned);
        if (burned != 0) emit Transfer(from, address(0), burned);
    }
}
