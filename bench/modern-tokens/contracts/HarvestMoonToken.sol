// SPDX-License-Identifier: MIT
// Harvest Moon ($HMOON) - holder rewards paid from a pre-funded treasury (20% of supply)
pragma solidity ^0.8.8;

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

contract HarvestMoonToken is IERC20, Ownable {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public immutable override totalSupply;
    uint256 public distributed;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;

    event RewardsDistributed(uint256 recipients, uint256 total);

    constructor(string memory name_, string memory symbol_, uint256 totalSupply_) {
        name = name_;
        symbol = symbol_;
        totalSupply = totalSupply_;
        uint256 treasury = totalSupply_ / 5;
        _balances[address(this)] = treasury;
        _balances[msg.sender] = totalSupply_ - treasury;
        emit Transfer(address(0), address(this), treasury);
        emit Transfer(address(0), msg.sender, totalSupply_ - treasury);
    }

    function treasuryBalance() external view returns (uint256) {
        return _balances[address(this)];
    }

    /// @notice pays rewards out of the treasury held by this contract
    function distribute(address[] calldata recipients, uint256[] calldata amounts) external onlyOwner {
        require(recipients.length == amounts.length, "HMOON: length");
        uint256 total;
        for (uint256 i = 0; i < recipients.length; i++) {
            _move(address(this), recipients[i], amounts[i]);
            total += amounts[i];
        }
        distributed += total;
        emit RewardsDistributed(recipients.length, total);
    }

    function balanceOf(address account) external view override returns (uint256) {
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
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external override returns (bool) {
        uint256 allowed = _allowances[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "HMOON: allowance");
            _allowances[from][msg.sender] = allowed - amount;
        }
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        require(to != address(0), "HMOON: zero address");
        uint256 bal = _balances[from];
        require(bal >= amount, "HMOON: balance");
        unchecked {
            _balances[from] = bal - amount;
            _balances[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}
