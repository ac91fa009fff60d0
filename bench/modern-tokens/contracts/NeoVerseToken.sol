// SPDX-License-Identifier: MIT
// NeoVerse ($NEO3) - upgradeable metaverse utility token
pragma solidity ^0.8.21;

/// @notice Token logic, run behind NeoVerseToken (the proxy). Storage lives in the proxy.
contract NeoVerseLogic {
    bool private _initialized;
    string public name;
    string public symbol;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function initialize(string calldata name_, string calldata symbol_, address holder, uint256 supply) external {
        require(!_initialized, "NeoVerse: already initialized");
        _initialized = true;
        name = name_;
        symbol = symbol_;
        totalSupply = supply;
        balanceOf[holder] = supply;
        emit Transfer(address(0), holder, supply);
    }

    function decimals() external pure returns (uint8) {
        return 18;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 a = allowance[from][msg.sender];
        if (a != type(uint256).max) {
            require(a >= amount, "NeoVerse: allowance");
            allowance[from][msg.sender] = a - amount;
        }
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        require(to != address(0), "NeoVerse: zero address");
        uint256 b = balanceOf[from];
        require(b >= amount, "NeoVerse: balance");
        unchecked {
            balanceOf[from] = b - amount;
            balanceOf[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}

/// @notice EIP-1967 proxy: the admin may point it at a new implementation.
contract NeoVerseToken {
    bytes32 private constant _IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    bytes32 private constant _ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    event Upgraded(address indexed implementation);
    event AdminChanged(address previousAdmin, address newAdmin);

    constructor(string memory name, string memory symbol) {
        address logic = address(new NeoVerseLogic());
        _setSlot(_IMPLEMENTATION_SLOT, logic);
        _setSlot(_ADMIN_SLOT, msg.sender);
        emit Upgraded(logic);
        emit AdminChanged(address(0), msg.sender);
        (bool ok, ) = logic.delegatecall(
            abi.encodeWithSelector(NeoVerseLogic.initialize.selector, name, symbol, msg.sender, 1_000_000_000 ether)
        );
        require(ok, "NeoVerse: init failed");
    }

    function proxyAdmin() external view returns (address) {
        return _getSlot(_ADMIN_SLOT);
    }

    function proxyImplementation() external view returns (address) {
        return _getSlot(_IMPLEMENTATION_SLOT);
    }

    function upgradeTo(address newImplementation) external {
        require(msg.sender == _getSlot(_ADMIN_SLOT), "NeoVerse: admin only");
        require(newImplementation.code.length > 0, "NeoVerse: not a contract");
        _setSlot(_IMPLEMENTATION_SLOT, newImplementation);
        emit Upgraded(newImplementation);
    }

    function changeProxyAdmin(address newAdmin) external {
        address current = _getSlot(_ADMIN_SLOT);
        require(msg.sender == current, "NeoVerse: admin only");
        emit AdminChanged(current, newAdmin);
        _setSlot(_ADMIN_SLOT, newAdmin);
    }

    fallback() external payable {
        address impl = _getSlot(_IMPLEMENTATION_SLOT);
        assembly {
            calldatacopy(0, 0, calldatasize())
            let result := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch result
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }

    receive() external payable {}

    function _getSlot(bytes32 slot) private view returns (address value) {
        assembly {
            value := sload(slot)
        }
    }

    function _setSlot(bytes32 slot, address value) private {
        assembly {
            sstore(slot, value)
        }
    }
}
