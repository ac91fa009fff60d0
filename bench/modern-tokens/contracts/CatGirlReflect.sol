// SPDX-License-Identifier: MIT
// CatGirl Reflect ($CGR) - hold and earn: every transfer pays holders
pragma solidity ^0.8.5;

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

contract Ownable {
    address private _owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        _owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    function owner() public view returns (address) {
        return _owner;
    }

    modifier onlyOwner() {
        require(_owner == msg.sender, "Ownable: caller is not the owner");
        _;
    }

    function renounceOwnership() public onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }
}

contract CatGirlReflect is IERC20, Ownable {
    mapping(address => uint256) private _rOwned;
    mapping(address => uint256) private _tOwned;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _isExcludedFromFee;
    mapping(address => bool) private _isExcluded;
    mapping(address => bool) private _isBlacklisted;
    address[] private _excluded;

    string public name;
    string public symbol;
    uint8 public constant decimals = 18;

    uint256 private constant MAX = type(uint256).max;
    uint256 private immutable _tTotal;
    uint256 private _rTotal;
    uint256 private _tFeeTotal;

    uint256 public taxFee = 2;
    uint256 public devFee = 3;
    address public devWallet;

    constructor(string memory name_, string memory symbol_, uint256 totalSupply_) {
        name = name_;
        symbol = symbol_;
        _tTotal = totalSupply_;
        _rTotal = MAX - (MAX % totalSupply_);
        devWallet = msg.sender;
        _rOwned[msg.sender] = _rTotal;
        _isExcludedFromFee[msg.sender] = true;
        _isExcludedFromFee[address(this)] = true;
        emit Transfer(address(0), msg.sender, totalSupply_);
    }

    function totalSupply() public view override returns (uint256) {
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

    function allowance(address owner_, address spender) public view override returns (uint256) {
        return _allowances[owner_][spender];
    }

    function approve(address spender, uint256 amount) public override returns (bool) {
        _allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address sender, address recipient, uint256 amount) public override returns (bool) {
        uint256 current = _allowances[sender][msg.sender];
        require(current >= amount, "ERC20: transfer amount exceeds allowance");
        _allowances[sender][msg.sender] = current - amount;
        _transfer(sender, recipient, amount);
        return true;
    }

    function totalFees() external view returns (uint256) {
        return _tFeeTotal;
    }

    function tokenFromReflection(uint256 rAmount) public view returns (uint256) {
        require(rAmount <= _rTotal, "Amount must be less than total reflections");
        return rAmount / _getRate();
    }

    function excludeFromReward(address account) external onlyOwner {
        require(!_isExcluded[account], "already excluded");
        if (_rOwned[account] > 0) _tOwned[account] = tokenFromReflection(_rOwned[account]);
        _isExcluded[account] = true;
        _excluded.push(account);
    }

    function includeInReward(address account) external onlyOwner {
        require(_isExcluded[account], "already included");
        for (uint256 i = 0; i < _excluded.length; i++) {
            if (_excluded[i] == account) {
                _excluded[i] = _excluded[_excluded.length - 1];
                _tOwned[account] = 0;
                _isExcluded[account] = false;
                _excluded.pop();
                break;
            }
        }
    }

    function setExcludedFromFee(address account, bool excluded) external onlyOwner {
        _isExcludedFromFee[account] = excluded;
    }

    function setTaxFeePercent(uint256 fee) external onlyOwner {
        taxFee = fee;
    }

    function setDevFeePercent(uint256 fee) external onlyOwner {
        devFee = fee;
    }

    function blacklistAddress(address account, bool value) external onlyOwner {
        _isBlacklisted[account] = value;
    }

    function isBlacklisted(address account) external view returns (bool) {
        return _isBlacklisted[account];
    }

    function _getRate() private view returns (uint256) {
        uint256 rSupply = _rTotal;
        uint256 tSupply = _tTotal;
        for (uint256 i = 0; i < _excluded.length; i++) {
            address ex = _excluded[i];
            if (_rOwned[ex] > rSupply || _tOwned[ex] > tSupply) return _rTotal / _tTotal;
            rSupply -= _rOwned[ex];
            tSupply -= _tOwned[ex];
        }
        if (rSupply < _rTotal / _tTotal) return _rTotal / _tTotal;
        return rSupply / tSupply;
    }

    function _transfer(address from, address to, uint256 tAmount) private {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        require(!_isBlacklisted[from] && !_isBlacklisted[to], "CGR: blacklisted");
        require(tAmount > 0, "zero amount");

        bool takeFee = !_isExcludedFromFee[from] && !_isExcludedFromFee[to];
        uint256 tFee = takeFee ? (tAmount * taxFee) / 100 : 0;
        uint256 tDev = takeFee ? (tAmount * devFee) / 100 : 0;
        uint256 tTransfer = tAmount - tFee - tDev;
        uint256 rate = _getRate();

        _rOwned[from] -= tAmount * rate;
        if (_isExcluded[from]) _tOwned[from] -= tAmount;

        _rOwned[to] += tTransfer * rate;
        if (_isExcluded[to]) _tOwned[to] += tTransfer;

        if (tDev > 0) {
            _rOwned[devWallet] += tDev * rate;
            if (_isExcluded[devWallet]) _tOwned[devWallet] += tDev;
            emit Transfer(from, devWallet, tDev);
        }
        if (tFee > 0) {
            _rTotal -= tFee * rate;
            _tFeeTotal += tFee;
        }
        emit Transfer(from, to, tTransfer);
    }
}
