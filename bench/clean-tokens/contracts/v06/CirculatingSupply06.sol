// SPDX-License-Identifier: MIT
pragma solidity ^0.6.12;

// No totalSupply(): the supply getter is circulatingSupply(). Hooks are virtual no-ops.
abstract contract Hooked06 {
    function _beforeTransfer(address from, address to, uint256 amount) internal virtual {}
    function _afterTransfer(address from, address to, uint256 amount) internal virtual {}
}

contract CirculatingSupply06 is Hooked06 {
    string public constant name = "Circulating";
    string public constant symbol = "CIRC";
    uint8 public constant decimals = 18;
    uint256 private _circulating;
    mapping(address => uint256) private _ledger;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => uint256) public transferCount;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() public {
        _circulating = 42e24;
        _ledger[msg.sender] = _circulating;
    }

    function circulatingSupply() external view returns (uint256) { return _circulating; }
    function balanceOf(address a) external view returns (uint256) { return _ledger[a]; }
    function allowance(address o, address s) external view returns (uint256) { return _allowances[o][s]; }

    function approve(address s, uint256 v) external returns (bool) {
        _allowances[msg.sender][s] = v;
        emit Approval(msg.sender, s, v);
        return true;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        _send(msg.sender, to, v);
        return true;
    }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        uint256 a = _allowances[from][msg.sender];
        require(a >= v, "allowance");
        _allowances[from][msg.sender] = a - v;
        _send(from, to, v);
        return true;
    }

    function _send(address from, address to, uint256 v) private {
        _beforeTransfer(from, to, v);
        require(_ledger[from] >= v, "balance");
        _ledger[from] -= v;
        _ledger[to] += v;
        emit Transfer(from, to, v);
        _afterTransfer(from, to, v);
    }

    function _afterTransfer(address from, address, uint256) internal override {
        transferCount[from] += 1;
    }
}
