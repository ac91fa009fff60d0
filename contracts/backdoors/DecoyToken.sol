// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../lib/ERC20.sol";
import {Ownable} from "../lib/Ownable.sol";

/// @notice Clean, but full of scary names: `mintReceipt` only emits an event, `blacklistReport`
/// writes a mapping nothing reads, `pauseClaims` pauses only the airdrop claim (never transfers),
/// and the transfer tax is capped at 5 %. A power detector must find nothing here. Devnet fixture.
contract DecoyToken is ERC20, Ownable {
    uint256 public constant MAX_TAX_BPS = 500;
    uint256 public constant CLAIM_AMOUNT = 1_000e18;

    uint256 public taxBps;
    uint256 public receiptCount;
    bool public claimsPaused;
    mapping(address => bool) public claimed;
    mapping(address => bool) private _reported;

    event ReceiptMinted(address indexed by, uint256 indexed id);
    event Reported(address indexed account);
    event ClaimsPaused(bool paused);

    /// @param claimPool tokens the contract holds for the airdrop claim (out of `supply`).
    constructor(string memory name_, string memory symbol_, uint256 supply, uint256 claimPool) ERC20(name_, symbol_, 18) Ownable(msg.sender) {
        _mint(msg.sender, supply - claimPool);
        _mint(address(this), claimPool);
    }

    /// @notice Emits a receipt event; no balance or supply changes.
    function mintReceipt() external onlyOwner returns (uint256 id) {
        id = ++receiptCount;
        emit ReceiptMinted(msg.sender, id);
    }

    /// @notice Records a report about an account; nothing reads it.
    function blacklistReport(address account) external onlyOwner {
        _reported[account] = true;
        emit Reported(account);
    }

    /// @notice Pauses the airdrop claim only.
    function pauseClaims() external onlyOwner {
        claimsPaused = true;
        emit ClaimsPaused(true);
    }

    function unpauseClaims() external onlyOwner {
        claimsPaused = false;
        emit ClaimsPaused(false);
    }

    /// @notice Once per address, from the contract's own claim pool.
    function claimAirdrop() external {
        require(!claimsPaused, "claims paused");
        require(!claimed[msg.sender], "already claimed");
        claimed[msg.sender] = true;
        _move(address(this), msg.sender, CLAIM_AMOUNT);
    }

    /// @notice Transfer tax in basis points, capped at 5 %.
    function setTax(uint256 bps) external onlyOwner {
        require(bps <= MAX_TAX_BPS, "tax above 5%");
        taxBps = bps;
    }

    function _update(address from, address to, uint256 amount) internal override {
        address collector = owner();
        if (taxBps == 0 || from == collector || to == collector) {
            _move(from, to, amount);
            return;
        }
        uint256 tax = (amount * taxBps) / 10_000;
        _move(from, collector, tax);
        _move(from, to, amount - tax);
    }
}
