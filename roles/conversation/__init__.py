"""Conversation role: LLM chat when configured, honest small talk offline."""

from __future__ import annotations

from roles.conversation.role import ROLE, ConversationRole
from roles.conversation.tools import JOKES, NEEDS_LLM, ChatMessage, offline_reply

__all__ = ["JOKES", "NEEDS_LLM", "ROLE", "ChatMessage", "ConversationRole", "offline_reply"]
