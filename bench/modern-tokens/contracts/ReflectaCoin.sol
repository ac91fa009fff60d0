// SPDX-License-Identifier: MIT
// Reflecta ($RFLX) - static rewards for holders, reflection fee capped at 5%
pragma solidity ^0.8.13;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address recipient, uint256 amount) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
    function transferFrom(address sender, address recipient, uint256 amount) external returns (bool);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
}

abstract contract Ownable {
    address private _owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        _owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    modifier onlyOwner() {
        require(msg.sender == _owner, "Ownable: caller is not the owner");
        _;
    }

    function owner() public view returns (address) {
        return _owner;
    }

    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }
}

contract ReflectaCoin is IERC20, Ownable {
    string public constant name = "Reflecta";
    string public constant symbol = "RFLX";
    uint8 public constant decimals = 9;

    uint256 private constant MAX = ~uint256(0);
    uint256 private constant _tTotal = 10_000_000_000 * 10**9;
    uint256 private _rTotal = (MAX - (MAX % _tTotal));
    uint256 private _tFeeTotal;

    uint256 public constant MAX_REFLECTION_FEE = 5;
    uint256 public reflectionFee = 2;

    mapping(address => uint256) private _rOwned;
    mapping(address => uint256) private _tOwned;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _isExcluded;
    mapping(address => bool) private _isExcludedFromFee;
    address[] private _excluded;

    constructor() {
        _rOwned[msg.sender] = _rTotal;
        _isExcludedFromFee[msg.sender] = true;
        emit Transfer(address(0), msg.sender, _tTotal);
    }

    function totalSupply() public pure override returns (uint256) {
        return _tTotal;
    }

    function balanceOf(address account) public view override returns (uint256) {
        if (_isExcluded[account]) return _tOwned[account];
        return tokenFromReflection(_rOwned[account]);
    }

    function transfer(address recipient, uint256 amount) public override returns (bool) {
        _transfer(msg.sender, recipient, amount);
        return true;
    }

    function allowance(address holder, address spender) public view override returns (uint256) {
        return _allowances[holder][spender];
    }

    function approve(address spender, uint256 amount) public override returns (bool) {
        _allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address sender, address recipient, uint256 amount) public override returns (bool) {
        uint256 current = _allowances[sender][msg.sender];
        require(current >= amount, "RFLX: allowance");
        _allowances[sender][msg.sender] = current - amount;
        _transfer(sender, recipient, amount);
        return true;
    }

    function totalFees() external view returns (uint256) {
        return _tFeeTotal;
    }

    function isExcludedFromReward(address account) external view returns (bool) {
        return _isExcluded[account];
    }

    function tokenFromReflection(uint256 rAmount) public view returns (uint256) {
        require(rAmount <= _rTotal, "RFLX: amount must be less than total reflections");
        return rAmount / _rate();
    }

    function setReflectionFee(uint256 fee) external onlyOwner {
        require(fee <= MAX_REFLECTION_FEE, "RFLX: fee above 5%");
        reflectionFee = fee;
    }

    function setExcludedFromFee(address account, bool excluded) external onlyOwner {
        _isExcludedFromFee[account] = excluded;
    }

    /// @notice stops `account` (e.g. a CEX wallet) from receiving reflections; its balance is kept
    function excludeFromReward(address account) external onlyOwner {
        require(!_isExcluded[account], "RFLX: already excluded");
        require(_excluded.length < 50, "RFLX: too many excluded");
        if (_rOwned[account] > 0) _tOwned[account] = tokenFromReflection(_rOwned[account]);
        _isExcluded[account] = true;
        _excluded.push(account);
    }

    function includeInReward(address account) external onlyOwner {
        require(_isExcluded[account], "RFLX: not excluded");
        for (uint256 i = 0; i < _excluded.length; i++) {
            if (_excluded[i] == account) {
                _rOwned[account] = _tOwned[account] * _rate();
                _tOwned[account] = 0;
                _isExcluded[account] = false;
                _excluded[i] = _excluded[_excluded.length - 1];
                _excluded.pop();
                break;
            }
        }
    }

    function _rate() private view returns (uint256) {
        uint256 rSupply = _rTotal;
        uint256 tSupply = _tTotal;
        for (uint256 i = 0; i < _excluded.length; i++) {
            if (_rOwned[_excluded[i]] > rSupply || _tOwned[_excluded[i]] > tSupply) return _rTotal / _tTotal;
            rSupply -= _rOwned[_excluded[i]];
            tSupply -= _tOwned[_excluded[i]];
        }
        if (rSupply < _rTotal / _tTotal) return _rTotal / _tTotal;
        return rSupply / tSupply;
    }

    function _transfer(address sender, address recipient, uint256 tAmount) private {
        require(sender != address(0) && recipient != address(0), "RFLX: zero address");
        uint256 fee = reflectionFee > MAX_REFLECTION_FEE ? MAX_REFLECTION_FEE : reflectionFee;
        uint256 tFee = (_isExcludedFromFee[sender] || _isExcludedFromFee[recipient]) ? 0 : (tAmount * fee) / 100;
        uint256 tTransferAmount = tAmount - tFee;
        uint256 rate = _rate();
        uint256 rAmount = tAmount * rate;
        require(_isExcluded[sender] ? _tOwned[sender] >= tAmount : _rOwned[sender] >= rAmount, "RFLX: balance");

        if (_isExcluded[sender]) {
            _tOwned[sender] -= tAmount;
            _rOwned[sender] = _rOwned[sender] >= rAmount ? _rOwned[sender] - rAmount : 0;
        } else {
            _rOwned[sender] -= rAmount;
        }
        if (_isExcluded[recipient]) _tOwned[recipient] += tTransferAmount;
        _rOwned[recipient] += tTransferAmount * rate;

        _rTotal -= tFee * rate;
        _tFeeTotal += tFee;
        emit Transfer(sender, recipient, tTransferAmount);
    }
}
