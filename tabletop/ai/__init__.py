"""Agents that play any game through the engine contract."""

from .agents import (AGENTS, LEVELS, Agent, EasyAgent, GreedyAgent, RandomAgent, agent_label, agent_names,
                     difficulty_levels, make_agent, searches)
from .expert import ExpertAgent
from .ismcts import HardAgent

__all__ = ["AGENTS", "LEVELS", "Agent", "EasyAgent", "ExpertAgent", "GreedyAgent", "HardAgent", "RandomAgent",
           "agent_label", "agent_names", "difficulty_levels", "make_agent", "searches"]
