"""Agents that play any game through the engine contract."""

from .agents import AGENTS, Agent, GreedyAgent, RandomAgent, make_agent

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]
