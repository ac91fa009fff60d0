// SPDX-License-Identifier: MIT
pragma solidity ^0.6.12;

// Constant 1% burn + 1% to a development address fixed at deployment (immutable). No owner.
abstract contract BaseLedger06 {
    uint256 internal _supply;
    mapping(address => uint256) internal _balances;
    mapping(address => mapping(address => uint256)) internal _allowed;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function totalSupply() external view returns (uint256) { return _supply; }
    function balanceOf(address a) external view returns (uint256) { return _balances[a]; }
    function allowance(address o, address s) external view returns (uint256) { return _allowed[o][s]; }

    function approve(address s, uint256 v) external returns (bool) {
        _allowed[msg.sender][s] = v;
        emit Approval(msg.sender, s, v);
        return true;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        _transfer(msg.sender, to, v);
        return true;
    }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        require(_allowed[from][msg.sender] >= v, "allowance");
        _allowed[from][msg.sender] -= v;
        _transfer(from, to, v);
        return true;
    }

    function _transfer(address from, address to, uint256 v) internal virtual;
}

contract FixedSplitFee06 is BaseLedger06 {
    string public constant name = "Split Fee";
    string public constant symbol = "SPLT";
    uint8 public constant decimals = 18;
    uint256 private constant BURN_BPS = 100;
    uint256 private constant DEV_BPS = 100;
    address public immutable devWallet;

    constructor(address dev) public {
        devWallet = dev;
        _supply = 1e27;
        _balances[msg.sender] = _supply;
    }

    function _transfer(address from, address to, uint256 v) internal override {
        require(_balances[from] >= v, "balance");
        uint256 burnPart = v * BURN_BPS / 10000;
        uint256 devPart = v * DEV_BPS / 10000;
        _balances[from] -= v;
        _balances[to] += v - burnPart - devPart;
        _balances[devWallet] += devPart;
        _supply = burnPart < _supply ? _supply - burnPart : 0;
        emit Transfer(from, to, v - burnPart - devPart);
        emit Transfer(from, devWallet, devPart);
        emit Transfer(from, address(0), burnPart);
    }
}
