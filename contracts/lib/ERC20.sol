// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice Plain ERC-20 with one overridable hook (`_update`) through which every balance change
/// flows, so token variants (taxes, blacklists, limits) only override that hook.
/// Metadata lives in storage rather than immutables: runtime bytecode then equals the compiler's
/// deployedBytecode exactly, which keeps recompile-and-compare source verification trivial.
abstract contract ERC20 {
    string public name;
    string public symbol;
    uint8 public decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _update(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _update(from, to, amount);
        return true;
    }

    /// @dev Moves `amount` from `from` to `to`; address(0) on either side mints or burns.
    function _update(address from, address to, uint256 amount) internal virtual {
        _move(from, to, amount);
    }

    function _move(address from, address to, uint256 amount) internal {
        if (from == address(0)) {
            totalSupply += amount;
        } else {
            uint256 bal = balanceOf[from];
            require(bal >= amount, "ERC20: insufficient balance");
            unchecked {
                balanceOf[from] = bal - amount;
            }
        }
        if (to == address(0)) {
            totalSupply -= amount;
        } else {
            balanceOf[to] += amount;
        }
        emit Transfer(from, to, amount);
    }

    function _mint(address to, uint256 amount) internal {
        _move(address(0), to, amount);
    }
}
