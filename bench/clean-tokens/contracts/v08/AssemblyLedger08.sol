// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Gas-golfed ERC-20: the hot paths (transfer, transferFrom, approve) are inline assembly over
// ordinary mappings. No owner, fixed supply.
contract AssemblyLedger08 {
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    uint256 private _supply;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        _supply = 1e27;
        _balances[msg.sender] = 1e27;
    }

    function name() external pure returns (string memory) { return "Assembly Ledger"; }
    function symbol() external pure returns (string memory) { return "ASML"; }
    function decimals() external pure returns (uint8) { return 18; }
    function totalSupply() external view returns (uint256) { return _supply; }
    function balanceOf(address a) external view returns (uint256) { return _balances[a]; }
    function allowance(address o, address s) external view returns (uint256) { return _allowances[o][s]; }

    function approve(address spender, uint256 amount) external returns (bool) {
        assembly {
            mstore(0x00, caller())
            mstore(0x20, _allowances.slot)
            mstore(0x20, keccak256(0x00, 0x40))
            mstore(0x00, spender)
            sstore(keccak256(0x00, 0x40), amount)
            mstore(0x00, amount)
            log3(0x00, 0x20, 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925, caller(), spender)
            mstore(0x00, 1)
            return(0x00, 0x20)
        }
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        assembly {
            mstore(0x00, from)
            mstore(0x20, _allowances.slot)
            mstore(0x20, keccak256(0x00, 0x40))
            mstore(0x00, caller())
            let slot := keccak256(0x00, 0x40)
            let allowed := sload(slot)
            if iszero(eq(allowed, not(0))) {
                if lt(allowed, amount) { revert(0x00, 0x00) }
                sstore(slot, sub(allowed, amount))
            }
        }
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        assembly {
            mstore(0x20, _balances.slot)
            mstore(0x00, from)
            let fromSlot := keccak256(0x00, 0x40)
            let fromBal := sload(fromSlot)
            if lt(fromBal, amount) { revert(0x00, 0x00) }
            sstore(fromSlot, sub(fromBal, amount))
            mstore(0x00, to)
            let toSlot := keccak256(0x00, 0x40)
            sstore(toSlot, add(sload(toSlot), amount))
            mstore(0x00, amount)
            log3(0x00, 0x20, 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef, from, to)
        }
    }
}
