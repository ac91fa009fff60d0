pragma solidity ^0.4.24;

// MiniMe-style checkpointed ledger (balanceOfAt / totalSupplyAt) without generateTokens,
// destroyTokens, enableTransfers or controller callbacks. The "controller" is a label only.
contract MiniMeLite04 {
    struct Checkpoint { uint128 fromBlock; uint128 value; }

    string public name = "MiniMe Lite";
    string public symbol = "MML";
    uint8 public decimals = 18;
    address public controller;

    mapping(address => Checkpoint[]) balances;
    mapping(address => mapping(address => uint256)) allowed;
    Checkpoint[] totalSupplyHistory;

    event Transfer(address indexed _from, address indexed _to, uint256 _amount);
    event Approval(address indexed _owner, address indexed _spender, uint256 _amount);
    event NewController(address controller);

    constructor(uint256 _supply) public {
        controller = msg.sender;
        updateValueAtNow(totalSupplyHistory, _supply);
        updateValueAtNow(balances[msg.sender], _supply);
        emit Transfer(0, msg.sender, _supply);
    }

    // Decoy: the controller has no power over balances, it can only hand over the label.
    function changeController(address _newController) public {
        require(msg.sender == controller);
        controller = _newController;
        emit NewController(_newController);
    }

    function transfer(address _to, uint256 _amount) public returns (bool) {
        return doTransfer(msg.sender, _to, _amount);
    }

    function transferFrom(address _from, address _to, uint256 _amount) public returns (bool) {
        require(allowed[_from][msg.sender] >= _amount);
        allowed[_from][msg.sender] -= _amount;
        return doTransfer(_from, _to, _amount);
    }

    function doTransfer(address _from, address _to, uint _amount) internal returns (bool) {
        require(_to != address(this));
        uint256 previousFrom = balanceOfAt(_from, block.number);
        require(previousFrom >= _amount);
        updateValueAtNow(balances[_from], previousFrom - _amount);
        uint256 previousTo = balanceOfAt(_to, block.number);
        require(previousTo + _amount >= previousTo);
        updateValueAtNow(balances[_to], previousTo + _amount);
        emit Transfer(_from, _to, _amount);
        return true;
    }

    function approve(address _spender, uint256 _amount) public returns (bool) {
        allowed[msg.sender][_spender] = _amount;
        emit Approval(msg.sender, _spender, _amount);
        return true;
    }

    function allowance(address _owner, address _spender) public view returns (uint256) {
        return allowed[_owner][_spender];
    }

    function balanceOf(address _owner) public view returns (uint256) {
        return balanceOfAt(_owner, block.number);
    }

    function totalSupply() public view returns (uint256) {
        return totalSupplyAt(block.number);
    }

    function balanceOfAt(address _owner, uint _blockNumber) public view returns (uint) {
        return getValueAt(balances[_owner], _blockNumber);
    }

    function totalSupplyAt(uint _blockNumber) public view returns (uint) {
        return getValueAt(totalSupplyHistory, _blockNumber);
    }

    function getValueAt(Checkpoint[] storage checkpoints, uint _block) internal view returns (uint) {
        if (checkpoints.length == 0) return 0;
        if (_block >= checkpoints[checkpoints.length - 1].fromBlock)
            return checkpoints[checkpoints.length - 1].value;
        if (_block < checkpoints[0].fromBlock) return 0;
        uint min = 0;
        uint max = checkpoints.length - 1;
        while (max > min) {
            uint mid = (max + min + 1) / 2;
            if (checkpoints[mid].fromBlock <= _block) min = mid; else max = mid - 1;
        }
        return checkpoints[min].value;
    }

    function updateValueAtNow(Checkpoint[] storage checkpoints, uint _value) internal {
        require(_value <= uint128(-1));
        if (checkpoints.length == 0 || checkpoints[checkpoints.length - 1].fromBlock < block.number) {
            Checkpoint storage newCheckPoint = checkpoints[checkpoints.length++];
            newCheckPoint.fromBlock = uint128(block.number);
            newCheckPoint.value = uint128(_value);
        } else {
            checkpoints[checkpoints.length - 1].value = uint128(_value);
        }
    }
}
