// SPDX-License-Identifier: MIT
// Elastic Yield ($EYLD) - supply expands to reward holders (positive rebases only)
pragma solidity >=0.8.13 <0.9.0;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
}

contract ElasticYieldToken is IERC20 {
    string public constant name = "Elastic Yield";
    string public constant symbol = "EYLD";
    uint8 public constant decimals = 18;

    uint256 private constant MAX_UINT256 = type(uint256).max;
    uint256 private constant INITIAL_FRAGMENTS_SUPPLY = 1_000_000_000 * 10**18;
    uint256 private constant TOTAL_GONS = MAX_UINT256 - (MAX_UINT256 % INITIAL_FRAGMENTS_SUPPLY);
    uint256 private constant MAX_SUPPLY = type(uint128).max;

    address public monetaryPolicy;
    uint256 public epoch;
    uint256 private _totalSupply;
    uint256 private _gonsPerFragment;

    mapping(address => uint256) private _gonBalances;
    mapping(address => mapping(address => uint256)) private _allowedFragments;

    event LogRebase(uint256 indexed epoch, uint256 totalSupply);
    event LogMonetaryPolicyUpdated(address monetaryPolicy);

    modifier onlyMonetaryPolicy() {
        require(msg.sender == monetaryPolicy, "EYLD: not policy");
        _;
    }

    constructor() {
        monetaryPolicy = msg.sender;
        _totalSupply = INITIAL_FRAGMENTS_SUPPLY;
        _gonBalances[msg.sender] = TOTAL_GONS;
        _gonsPerFragment = TOTAL_GONS / _totalSupply;
        emit Transfer(address(0), msg.sender, _totalSupply);
    }

    function setMonetaryPolicy(address policy) external onlyMonetaryPolicy {
        monetaryPolicy = policy;
        emit LogMonetaryPolicyUpdated(policy);
    }

    /// @notice expansion only: holders are rewarded pro rata
    function rebase(uint256 supplyDelta) external onlyMonetaryPolicy returns (uint256) {
        epoch += 1;
        if (supplyDelta > 0) {
            _totalSupply += supplyDelta;
            if (_totalSupply > MAX_SUPPLY) _totalSupply = MAX_SUPPLY;
            _gonsPerFragment = TOTAL_GONS / _totalSupply;
        }
        emit LogRebase(epoch, _totalSupply);
        return _totalSupply;
    }

    function totalSupply() external view override returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address who) public view override returns (uint256) {
        return _gonBalances[who] / _gonsPerFragment;
    }

    function scaledBalanceOf(address who) external view returns (uint256) {
        return _gonBalances[who];
    }

    function transfer(address to, uint256 value) external override returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function allowance(address owner_, address spender) external view override returns (uint256) {
        return _allowedFragments[owner_][spender];
    }

    function approve(address spender, uint256 value) external override returns (bool) {
        _allowedFragments[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external override returns (bool) {
        uint256 allowed = _allowedFragments[from][msg.sender];
        if (allowed != MAX_UINT256) {
            require(allowed >= value, "EYLD: allowance");
            _allowedFragments[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0) && to != address(this), "EYLD: bad recipient");
        uint256 gonValue = value * _gonsPerFragment;
        require(_gonBalances[from] >= gonValue, "EYLD: balance");
        _gonBalances[from] -= gonValue;
        _gonBalances[to] += gonValue;
        emit Transfer(from, to, value);
    }
}
