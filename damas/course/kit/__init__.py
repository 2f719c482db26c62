"""The shared pieces of the course."""
