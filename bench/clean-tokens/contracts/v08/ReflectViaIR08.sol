// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Reflection token (rOwned/tOwned) with a constant 3% reflection fee. The owner can exclude
// addresses from the fee (fee only goes down for them) and hand over or renounce ownership.
contract ReflectViaIR08 {
    uint256 private constant MAX = type(uint256).max;
    uint256 private constant T_TOTAL = 1_000_000_000 * 1e9;
    uint256 public constant FEE_PERCENT = 3;

    mapping(address => uint256) private _rOwned;
    mapping(address => uint256) private _tOwned;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _feeExempt;
    uint256 private _rTotal;
    address public owner;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        owner = msg.sender;
        _rTotal = MAX - (MAX % T_TOTAL);
        _rOwned[msg.sender] = _rTotal;
        _tOwned[msg.sender] = T_TOTAL;
        _feeExempt[msg.sender] = true;
    }

    modifier onlyOwner() { require(msg.sender == owner, "Ownable: caller is not the owner"); _; }

    function name() external pure returns (string memory) { return "Reflect Eight"; }
    function symbol() external pure returns (string memory) { return "RFL8"; }
    function decimals() external pure returns (uint8) { return 9; }
    function totalSupply() external pure returns (uint256) { return T_TOTAL; }
    function allowance(address o, address s) external view returns (uint256) { return _allowances[o][s]; }
    function balanceOf(address a) public view returns (uint256) { return _rOwned[a] / _getRate(); }

    // Decoys.
    function excludeFromFee(address a) external onlyOwner { _feeExempt[a] = true; }
    function includeInFee(address a) external onlyOwner { _feeExempt[a] = false; }
    function transferOwnership(address next) external onlyOwner { emit OwnershipTransferred(owner, next); owner = next; }
    function renounceOwnership() external onlyOwner { emit OwnershipTransferred(owner, address(0)); owner = address(0); }

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
        _allowances[from][msg.sender] -= amount;
        _transfer(from, to, amount);
        return true;
    }

    function _getRate() private view returns (uint256) {
        uint256 rate = _rTotal / T_TOTAL;
        return rate == 0 ? 1 : rate;
    }

    function _transfer(address from, address to, uint256 tAmount) private {
        uint256 tFee = (_feeExempt[from] || _feeExempt[to]) ? 0 : tAmount * FEE_PERCENT / 100;
        uint256 rate = _getRate();
        (uint256 rAmount, uint256 rFee) = (tAmount * rate, tFee * rate);
        _rOwned[from] -= rAmount;
        _rOwned[to] += rAmount - rFee;
        if (_rTotal > rFee) _rTotal -= rFee;
        _tOwned[from] = _tOwned[from] > tAmount ? _tOwned[from] - tAmount : 0;
        _tOwned[to] += tAmount - tFee;
        emit Transfer(from, to, tAmount - tFee);
    }
}
