// SPDX-License-Identifier: MIT
pragma solidity ^0.7.6;

// Minimal reflection token: balances are stored as reflected units (rOwned) and tOwned tracks
// the token-denominated side; a constant 1% of every transfer is reflected to all holders.
// No owner, no exclusions.
contract ReflectLite07 {
    uint256 private constant MAX = type(uint256).max;
    uint256 private constant T_TOTAL = 100_000_000 * 10**9;
    uint256 private constant FEE_BPS = 100;

    mapping(address => uint256) private rOwned;
    mapping(address => uint256) private tOwned; // informational mirror of the last transfer
    mapping(address => mapping(address => uint256)) private allowances;
    uint256 private rTotal;
    uint256 public tFeeTotal;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        rTotal = MAX - (MAX % T_TOTAL);
        rOwned[msg.sender] = rTotal;
        tOwned[msg.sender] = T_TOTAL;
        emit Transfer(address(0), msg.sender, T_TOTAL);
    }

    function name() external pure returns (string memory) { return "Reflect Lite"; }
    function symbol() external pure returns (string memory) { return "RLITE"; }
    function decimals() external pure returns (uint8) { return 9; }
    function totalSupply() external pure returns (uint256) { return T_TOTAL; }
    function allowance(address o, address s) external view returns (uint256) { return allowances[o][s]; }

    function balanceOf(address account) external view returns (uint256) {
        return rOwned[account] / currentRate();
    }

    function currentRate() public view returns (uint256) {
        uint256 rate = rTotal / T_TOTAL;
        return rate > 0 ? rate : 1;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address recipient, uint256 amount) external returns (bool) {
        _reflectTransfer(msg.sender, recipient, amount);
        return true;
    }

    function transferFrom(address sender, address recipient, uint256 amount) external returns (bool) {
        uint256 a = allowances[sender][msg.sender];
        require(a >= amount, "allowance");
        allowances[sender][msg.sender] = a - amount;
        _reflectTransfer(sender, recipient, amount);
        return true;
    }

    function _reflectTransfer(address sender, address recipient, uint256 tAmount) private {
        uint256 rate = currentRate();
        uint256 tFee = tAmount * FEE_BPS / 10_000;
        uint256 tTransfer = tAmount - tFee;
        uint256 rAmount = tAmount * rate;
        uint256 rTransfer = tTransfer * rate;
        require(rOwned[sender] >= rAmount, "balance");
        rOwned[sender] -= rAmount;
        rOwned[recipient] += rTransfer;
        tOwned[recipient] = tTransfer;
        uint256 rFee = rAmount - rTransfer;
        if (rTotal > rFee) rTotal -= rFee;
        tFeeTotal += tFee;
        emit Transfer(sender, recipient, tTransfer);
    }
}
