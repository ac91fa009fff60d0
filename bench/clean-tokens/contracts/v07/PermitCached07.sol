// SPDX-License-Identifier: MIT
pragma solidity ^0.7.6;

// EIP-2612 with a domain separator cached in an immutable and recomputed if the chain id changes.
contract PermitCached07 {
    bytes32 private constant PERMIT_TYPEHASH = 0x6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c9;
    uint256 private immutable cachedChainId;
    bytes32 private immutable cachedDomain;

    string public constant name = "Permit Seven";
    string public constant symbol = "PRM7";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => uint256) public nonces;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        uint256 id;
        assembly { id := chainid() }
        cachedChainId = id;
        cachedDomain = _domain(id);
        totalSupply = 1e26;
        balanceOf[msg.sender] = 1e26;
    }

    function _domain(uint256 id) private view returns (bytes32) {
        return keccak256(abi.encode(keccak256("EIP712Domain(string name,uint256 chainId,address verifyingContract)"),
            keccak256("Permit Seven"), id, address(this)));
    }

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        uint256 id;
        assembly { id := chainid() }
        return id == cachedChainId ? cachedDomain : _domain(id);
    }

    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        require(block.timestamp <= deadline, "PERMIT_DEADLINE_EXPIRED");
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, nonces[owner], deadline));
        address recovered = ecrecover(keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash)), v, r, s);
        require(recovered != address(0) && recovered == owner, "INVALID_SIGNER");
        nonces[owner] += 1;
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        require(balanceOf[msg.sender] >= amount, "balance");
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
        return true;
    }

    // Holders burn their own tokens only.
    function burn(uint256 amount) external {
        require(balanceOf[msg.sender] >= amount && totalSupply >= amount, "balance");
        balanceOf[msg.sender] -= amount;
        totalSupply -= amount;
        emit Transfer(msg.sender, address(0), amount);
    }
}
