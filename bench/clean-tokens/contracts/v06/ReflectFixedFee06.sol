// SPDX-License-Identifier: MIT
pragma solidity ^0.6.12;

// Reflection ledger (rOwned / tTotal) with a constant 2% reflection fee shared by all holders.
// The owner can only exempt addresses from that fee; the fee itself cannot change.
contract ReflectFixedFee06 {
    uint256 private constant MAX = ~uint256(0);
    uint256 private constant T_TOTAL = 1e15 * 1e9;
    uint256 public constant REFLECT_FEE_PERCENT = 2;

    mapping(address => uint256) private _rOwned;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) public isExcludedFromFee;
    uint256 private _rTotal;
    uint256 public totalFees;
    address public owner;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() public {
        owner = msg.sender;
        _rTotal = MAX - (MAX % T_TOTAL);
        _rOwned[msg.sender] = _rTotal;
        isExcludedFromFee[msg.sender] = true;
        emit Transfer(address(0), msg.sender, T_TOTAL);
    }

    function name() external pure returns (string memory) { return "Reflect Six"; }
    function symbol() external pure returns (string memory) { return "RFL6"; }
    function decimals() external pure returns (uint8) { return 9; }
    function totalSupply() external pure returns (uint256) { return T_TOTAL; }
    function balanceOf(address account) public view returns (uint256) { return _rOwned[account] / _rate(); }
    function allowance(address o, address s) external view returns (uint256) { return _allowances[o][s]; }

    // Decoys: fee exemption only lowers fees.
    function excludeFromFee(address account) external { require(msg.sender == owner); isExcludedFromFee[account] = true; }
    function includeInFee(address account) external { require(msg.sender == owner); isExcludedFromFee[account] = false; }
    function renounceOwnership() external { require(msg.sender == owner); owner = address(0); }

    function approve(address spender, uint256 amount) external returns (bool) {
        _allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(_allowances[from][msg.sender] >= amount, "allowance");
        _allowances[from][msg.sender] -= amount;
        _transfer(from, to, amount);
        return true;
    }

    function _rate() private view returns (uint256) {
        uint256 rate = _rTotal / T_TOTAL;
        return rate == 0 ? 1 : rate;
    }

    function _transfer(address from, address to, uint256 tAmount) private {
        bool takeFee = !(isExcludedFromFee[from] || isExcludedFromFee[to]);
        uint256 tFee = takeFee ? tAmount * REFLECT_FEE_PERCENT / 100 : 0;
        uint256 rate = _rate();
        uint256 rAmount = tAmount * rate;
        uint256 rFee = tFee * rate;
        require(_rOwned[from] >= rAmount, "balance");
        _rOwned[from] -= rAmount;
        _rOwned[to] += rAmount - rFee;
        if (_rTotal > rFee) _rTotal -= rFee;
        totalFees += tFee;
        emit Transfer(from, to, tAmount - tFee);
    }
}
