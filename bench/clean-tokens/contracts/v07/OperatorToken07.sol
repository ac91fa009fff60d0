// SPDX-License-Identifier: MIT
pragma solidity ^0.7.6;

// ERC-777-flavoured operators on an ERC-20: each holder authorizes their own operators, which can
// then send for them. No default operators, no send hooks, no owner.
contract OperatorToken07 {
    string public constant name = "Operator Token";
    string public constant symbol = "OPER";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => mapping(address => bool)) public isOperatorFor; // holder => operator

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event AuthorizedOperator(address indexed operator, address indexed holder);
    event RevokedOperator(address indexed operator, address indexed holder);
    event Sent(address indexed operator, address indexed from, address indexed to, uint256 amount, bytes data);

    constructor() {
        totalSupply = 777e24;
        balanceOf[msg.sender] = totalSupply;
    }

    function authorizeOperator(address operator) external {
        isOperatorFor[msg.sender][operator] = true;
        emit AuthorizedOperator(operator, msg.sender);
    }

    function revokeOperator(address operator) external {
        isOperatorFor[msg.sender][operator] = false;
        emit RevokedOperator(operator, msg.sender);
    }

    function send(address to, uint256 amount, bytes calldata data) external {
        _move(msg.sender, msg.sender, to, amount, data);
    }

    // Decoy: moves someone else's tokens, but only for a holder who authorized the caller.
    function operatorSend(address from, address to, uint256 amount, bytes calldata data) external {
        require(from == msg.sender || isOperatorFor[from][msg.sender], "not operator");
        _move(msg.sender, from, to, amount, data);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, msg.sender, to, amount, "");
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(allowance[from][msg.sender] >= amount, "allowance");
        allowance[from][msg.sender] -= amount;
        _move(msg.sender, from, to, amount, "");
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function _move(address operator, address from, address to, uint256 amount, bytes memory data) private {
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Sent(operator, from, to, amount, data);
        emit Transfer(from, to, amount);
    }
}
