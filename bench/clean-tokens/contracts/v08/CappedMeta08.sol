// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Supply capped by a constant and fully minted at deployment. The owner may rename the token and
// then lock the metadata; mintingFinished() is a constant true.
contract CappedMeta08 {
    uint256 public constant cap = 21_000_000e8;
    string private _name = "Capped Meta";
    string private _symbol = "CMTA";
    uint256 public totalSupply;
    address public owner;
    bool public metadataLocked;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address treasury) {
        owner = msg.sender;
        totalSupply = cap;
        balanceOf[treasury] = cap;
        emit Transfer(address(0), treasury, cap);
    }

    function name() external view returns (string memory) { return _name; }
    function symbol() external view returns (string memory) { return _symbol; }
    function decimals() external pure returns (uint8) { return 8; }
    function mintingFinished() external pure returns (bool) { return true; }

    // Decoys.
    function setName(string calldata n) external { _onlyUnlockedOwner(); _name = n; }
    function setSymbol(string calldata s) external { _onlyUnlockedOwner(); _symbol = s; }
    function lockMetadata() external { _onlyUnlockedOwner(); metadataLocked = true; }

    function _onlyUnlockedOwner() private view {
        require(msg.sender == owner && !metadataLocked, "locked or not owner");
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        allowance[from][msg.sender] -= value;
        _move(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "zero address");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
