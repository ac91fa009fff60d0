// SPDX-License-Identifier: MIT
// Ash ($ASH) - deflationary by choice: holders burn their own tokens
pragma solidity ^0.8.10;

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

    function transferOwnership(address newOwner) external onlyOwner {
        emit OwnershipTransferred(_owner, newOwner);
        _owner = newOwner;
    }
}

contract AshToken is IERC20, Ownable {
    string public name;
    string public symbol;
    string public tokenURI;
    uint8 public constant decimals = 18;
    uint256 public override totalSupply;
    uint256 public totalBurned;

    mapping(address => uint256) public override balanceOf;
    mapping(address => mapping(address => uint256)) public override allowance;

    constructor(string memory name_, string memory symbol_, uint256 initialSupply) {
        name = name_;
        symbol = symbol_;
        totalSupply = initialSupply;
        balanceOf[msg.sender] = initialSupply;
        emit Transfer(address(0), msg.sender, initialSupply);
    }

    function setTokenURI(string calldata uri) external onlyOwner {
        tokenURI = uri;
    }

    function burn(uint256 amount) external {
        _burn(msg.sender, amount);
    }

    /// @notice burns from `account` using the caller's allowance
    function burnFrom(address account, uint256 amount) external {
        _spendAllowance(account, msg.sender, amount);
        _burn(account, amount);
    }

    function approve(address spender, uint256 amount) external override returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external override returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external override returns (bool) {
        _spendAllowance(from, msg.sender, amount);
        _transfer(from, to, amount);
        return true;
    }

    function _spendAllowance(address holder, address spender, uint256 amount) private {
        uint256 allowed = allowance[holder][spender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "ASH: allowance");
            allowance[holder][spender] = allowed - amount;
        }
    }

    function _burn(address account, uint256 amount) private {
        require(balanceOf[account] >= amount, "ASH: burn exceeds balance");
        unchecked {
            balanceOf[account] -= amount;
            totalSupply -= amount;
        }
        totalBurned += amount;
        emit Transfer(account, address(0), amount);
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "ASH: zero address");
        require(balanceOf[from] >= amount, "ASH: balance");
        unchecked {
            balanceOf[from] -= amount;
            balanceOf[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}
