// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice A MiniMe-style token: every balance and the total supply are histories of
/// {fromBlock, value} checkpoints, readable at any past block. As in MiniMe, a controller can
/// create tokens for anyone (`seedHistory`, MiniMe's generateTokens) and destroy anyone's tokens
/// without approval (`pruneHistory`, MiniMe's destroyTokens). Devnet backdoor fixture.
contract CheckpointToken {
    struct Checkpoint {
        uint128 fromBlock;
        uint128 value;
    }

    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    address public controller;

    mapping(address => Checkpoint[]) private balances;
    mapping(address => mapping(address => uint256)) private allowed;
    Checkpoint[] private totalSupplyHistory;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    modifier onlyController() {
        require(msg.sender == controller, "not controller");
        _;
    }

    constructor(string memory name_, string memory symbol_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        controller = msg.sender;
        _generate(msg.sender, supply);
    }

    // ERC-20

    function totalSupply() public view returns (uint256) {
        return totalSupplyAt(block.number);
    }

    function balanceOf(address owner) public view returns (uint256) {
        return balanceOfAt(owner, block.number);
    }

    function allowance(address owner, address spender) external view returns (uint256) {
        return allowed[owner][spender];
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowed[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 a = allowed[from][msg.sender];
        if (a != type(uint256).max) {
            require(a >= amount, "allowance");
            allowed[from][msg.sender] = a - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    // History

    function balanceOfAt(address owner, uint256 blockNumber) public view returns (uint256) {
        return _valueAt(balances[owner], blockNumber);
    }

    function totalSupplyAt(uint256 blockNumber) public view returns (uint256) {
        return _valueAt(totalSupplyHistory, blockNumber);
    }

    // Controller

    /// @notice MiniMe's generateTokens: new tokens for `owner`, supply up.
    function seedHistory(address owner, uint256 amount) external onlyController returns (bool) {
        _generate(owner, amount);
        return true;
    }

    /// @notice MiniMe's destroyTokens: removes `amount` from `owner` without its approval.
    function pruneHistory(address owner, uint256 amount) external onlyController returns (bool) {
        uint256 supply = totalSupply();
        uint256 bal = balanceOf(owner);
        require(bal >= amount, "balance");
        _updateValueAtNow(totalSupplyHistory, supply - amount);
        _updateValueAtNow(balances[owner], bal - amount);
        emit Transfer(owner, address(0), amount);
        return true;
    }

    // Internals

    function _generate(address owner, uint256 amount) private {
        _updateValueAtNow(totalSupplyHistory, totalSupply() + amount);
        _updateValueAtNow(balances[owner], balanceOf(owner) + amount);
        emit Transfer(address(0), owner, amount);
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0) && to != address(this), "bad recipient");
        uint256 fromBal = balanceOfAt(from, block.number);
        require(fromBal >= amount, "balance");
        _updateValueAtNow(balances[from], fromBal - amount);
        _updateValueAtNow(balances[to], balanceOfAt(to, block.number) + amount);
        emit Transfer(from, to, amount);
    }

    function _valueAt(Checkpoint[] storage cps, uint256 blockNumber) private view returns (uint256) {
        uint256 n = cps.length;
        if (n == 0) return 0;
        if (blockNumber >= cps[n - 1].fromBlock) return cps[n - 1].value;
        if (blockNumber < cps[0].fromBlock) return 0;
        uint256 lo = 0;
        uint256 hi = n - 1;
        while (hi > lo) {
            uint256 mid = (hi + lo + 1) / 2;
            if (cps[mid].fromBlock <= blockNumber) lo = mid;
            else hi = mid - 1;
        }
        return cps[lo].value;
    }

    function _updateValueAtNow(Checkpoint[] storage cps, uint256 value) private {
        require(value <= type(uint128).max, "overflow");
        uint256 n = cps.length;
        if (n == 0 || cps[n - 1].fromBlock < block.number) {
            cps.push(Checkpoint({fromBlock: uint128(block.number), value: uint128(value)}));
        } else {
            cps[n - 1].value = uint128(value);
        }
    }
}
