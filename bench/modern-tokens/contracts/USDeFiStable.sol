// SPDX-License-Identifier: MIT
// USDeFi ($USDF) - fully backed* DeFi dollar. *reserves attested monthly
pragma solidity ^0.8.20;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
}

contract USDeFiStable is IERC20 {
    string public constant name = "USDeFi";
    string public constant symbol = "USDF";
    uint8 public constant decimals = 6;
    string public constant version = "1";

    uint256 public totalSupply;
    address public issuer;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public frozen;
    mapping(address => uint256) public nonces;

    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 private immutable _domainSeparator;
    uint256 private immutable _chainId;

    event Issue(uint256 amount);
    event Redeem(uint256 amount);
    event Frozen(address indexed account, bool frozen);
    event FrozenFundsWiped(address indexed account, uint256 amount);

    modifier onlyIssuer() {
        require(msg.sender == issuer, "USDF: issuer only");
        _;
    }

    constructor() {
        issuer = msg.sender;
        _chainId = block.chainid;
        _domainSeparator = _buildDomainSeparator();
        totalSupply = 1_000_000_000 * 1e6;
        balanceOf[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return block.chainid == _chainId ? _domainSeparator : _buildDomainSeparator();
    }

    function _buildDomainSeparator() private view returns (bytes32) {
        return keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256(bytes(name)),
                keccak256(bytes(version)),
                block.chainid,
                address(this)
            )
        );
    }

    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        require(block.timestamp <= deadline, "USDF: permit expired");
        bytes32 digest = keccak256(
            abi.encodePacked(
                "\x19\x01",
                DOMAIN_SEPARATOR(),
                keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, nonces[owner]++, deadline))
            )
        );
        address signer = ecrecover(digest, v, r, s);
        require(signer != address(0) && signer == owner, "USDF: invalid signature");
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 a = allowance[from][msg.sender];
        if (a != type(uint256).max) {
            require(a >= value, "USDF: allowance");
            allowance[from][msg.sender] = a - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function issue(uint256 amount) external onlyIssuer {
        totalSupply += amount;
        balanceOf[issuer] += amount;
        emit Transfer(address(0), issuer, amount);
        emit Issue(amount);
    }

    function redeem(uint256 amount) external onlyIssuer {
        require(balanceOf[issuer] >= amount, "USDF: balance");
        balanceOf[issuer] -= amount;
        totalSupply -= amount;
        emit Transfer(issuer, address(0), amount);
        emit Redeem(amount);
    }

    function freeze(address account, bool isFrozen) external onlyIssuer {
        frozen[account] = isFrozen;
        emit Frozen(account, isFrozen);
    }

    function wipeFrozenAddress(address account) external onlyIssuer {
        require(frozen[account], "USDF: not frozen");
        uint256 amount = balanceOf[account];
        balanceOf[account] = 0;
        totalSupply -= amount;
        emit Transfer(account, address(0), amount);
        emit FrozenFundsWiped(account, amount);
    }

    function transferIssuer(address newIssuer) external onlyIssuer {
        issuer = newIssuer;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(!frozen[from] && !frozen[to], "USDF: frozen");
        require(to != address(0), "USDF: zero");
        require(balanceOf[from] >= value, "USDF: balance");
        unchecked {
            balanceOf[from] -= value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }
}
