"""Core tools any plan may use: memory, notification, summarization, planning."""
