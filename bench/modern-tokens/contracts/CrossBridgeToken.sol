// SPDX-License-Identifier: MIT
// CrossBridge ($XBRG) - native multichain token, lock/mint bridge built in
pragma solidity ^0.8.17;

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

contract CrossBridgeToken is IERC20 {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;

    address public owner;
    address public bridge;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event BridgeIn(address indexed to, uint256 amount, uint256 srcChainId);
    event BridgeOut(address indexed from, uint256 amount, uint256 dstChainId);
    event BridgeUpdated(address indexed bridge);

    modifier onlyOwner() {
        require(msg.sender == owner, "XBRG: owner");
        _;
    }

    modifier onlyBridge() {
        require(msg.sender == bridge, "XBRG: bridge");
        _;
    }

    constructor(string memory _name, string memory _symbol, uint256 _initialSupply) {
        name = _name;
        symbol = _symbol;
        owner = msg.sender;
        bridge = msg.sender;
        totalSupply = _initialSupply;
        balanceOf[msg.sender] = _initialSupply;
        emit Transfer(address(0), msg.sender, _initialSupply);
    }

    function setBridge(address _bridge) external onlyOwner {
        bridge = _bridge;
        emit BridgeUpdated(_bridge);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        owner = newOwner;
    }

    function bridgeMint(address to, uint256 amount, uint256 srcChainId) external onlyBridge {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
        emit BridgeIn(to, amount, srcChainId);
    }

    function bridgeBurn(address from, uint256 amount, uint256 dstChainId) external onlyBridge {
        require(balanceOf[from] >= amount, "XBRG: balance");
        balanceOf[from] -= amount;
        totalSupply -= amount;
        emit Transfer(from, address(0), amount);
        emit BridgeOut(from, amount, dstChainId);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "XBRG: allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "XBRG: zero");
        require(balanceOf[from] >= amount, "XBRG: balance");
        unchecked {
            balanceOf[from] -= amount;
            balanceOf[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}
