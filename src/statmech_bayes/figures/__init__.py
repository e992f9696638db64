"""Figure assembly: turn cached results into a figure, its plotted data and its claims, per paper."""
