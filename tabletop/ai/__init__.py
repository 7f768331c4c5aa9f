"""Agents that play any game through the engine contract."""

from .agents import AGENTS, Agent, GreedyAgent, RandomAgent, make_agent
from .expert import ExpertAgent

__all__ = ["AGENTS", "Agent", "ExpertAgent", "GreedyAgent", "RandomAgent", "make_agent"]
