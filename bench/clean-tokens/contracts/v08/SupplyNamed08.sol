// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// No totalSupply(): the supply is readable as supply() and maxSupply(). Library-based ledger.
library Ledger08 {
    struct Book {
        mapping(address => uint256) bal;
        mapping(address => mapping(address => uint256)) allow;
        uint256 supply;
    }

    function move(Book storage b, address from, address to, uint256 v) internal {
        b.bal[from] -= v;
        b.bal[to] += v;
    }

    function spend(Book storage b, address holder, address spender, uint256 v) internal {
        b.allow[holder][spender] -= v;
    }
}

contract SupplyNamed08 {
    using Ledger08 for Ledger08.Book;

    Ledger08.Book private book;
    string public constant name = "Supply Named";
    string public constant symbol = "SUPN";
    uint8 public constant decimals = 18;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        book.supply = 314e24;
        book.bal[msg.sender] = 314e24;
    }

    function supply() external view returns (uint256) { return book.supply; }
    function maxSupply() external pure returns (uint256) { return 314e24; }
    function balanceOf(address a) external view returns (uint256) { return book.bal[a]; }
    function allowance(address o, address s) external view returns (uint256) { return book.allow[o][s]; }

    function approve(address s, uint256 v) external returns (bool) {
        book.allow[msg.sender][s] = v;
        emit Approval(msg.sender, s, v);
        return true;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        book.move(msg.sender, to, v);
        emit Transfer(msg.sender, to, v);
        return true;
    }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        book.spend(from, msg.sender, v);
        book.move(from, to, v);
        emit Transfer(from, to, v);
        return true;
    }
}
