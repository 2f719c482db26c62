"""The teacher's and the apps' tools."""
