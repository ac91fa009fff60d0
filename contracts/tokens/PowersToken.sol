// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice Token whose owner keeps the classic centralised powers: mint, pause and blacklist.
contract PowersToken is ERC20, Ownable {
    bool public paused;
    mapping(address => bool) public isBlacklisted;

    event Paused(address account);
    event Unpaused(address account);
    event Blacklisted(address indexed account, bool blocked);

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function pause() external onlyOwner {
        paused = true;
        emit Paused(msg.sender);
    }

    function unpause() external onlyOwner {
        paused = false;
        emit Unpaused(msg.sender);
    }

    function blacklist(address account) external onlyOwner {
        isBlacklisted[account] = true;
        emit Blacklisted(account, true);
    }

    function unblacklist(address account) external onlyOwner {
        isBlacklisted[account] = false;
        emit Blacklisted(account, false);
    }

    function _update(address from, address to, uint256 amount) internal override {
        require(!paused, "Pausable: paused");
        require(!isBlacklisted[from] && !isBlacklisted[to], "Blacklisted");
        _move(from, to, amount);
    }
}
