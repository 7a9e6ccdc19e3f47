"""The running-totals chart, drawn on the server: geometry for an inline SVG.

The template draws it (play/history.html); this module only computes coordinates, so a
test can check them without parsing SVG. Each side gets a line and a marker shape as
well as a colour, so the lines can be told apart without colour too.
"""

from __future__ import annotations

from dataclasses import dataclass

# Drawn for a phone: at 360 px wide the SVG shows close to its own size, so the labels
# stay legible; CSS caps its width on larger screens.
WIDTH, HEIGHT = 360, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 40
MARKERS = ["circle", "square", "diamond", "triangle"]


@dataclass(frozen=True)
class Series:
    index: int
    name: str
    points: list[tuple[float, float, int]]  # x, y, value (round 0 is the start, at 0)
    marker: str

    @property
    def polyline(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y, _v in self.points)

    @property
    def last(self) -> tuple[float, float, int]:
        return self.points[-1]


@dataclass(frozen=True)
class Tick:
    value: int
    x: float = 0.0
    y: float = 0.0


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    right: float
    top: int
    bottom: float
    series: list[Series]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    goal: int | None
    goal_y: float | None


def nice_step(top: int, ticks: int = 5) -> int:
    """A round step (1, 2, 5 times a power of ten) giving about ``ticks`` gridlines."""
    raw = max(1, top / ticks)
    magnitude = 10 ** (len(str(int(raw))) - 1)
    for factor in (1, 2, 5, 10):
        if factor * magnitude >= raw:
            return factor * magnitude
    return 10 * magnitude  # pragma: no cover


def build(names: list[str], running: list[list[int]], goal: int | None) -> Chart:
    """``running`` is each side's total after each round (see scoring.running_totals)."""
    rounds = len(running)
    values = [t for totals in running for t in totals]
    peak = max([goal or 0, *values, 1])
    # Points taken away outside a round can bring a total below 0: the axis goes down too.
    low = min([0, *values])
    step = nice_step(peak - low)
    top_value = -(-peak // step) * step
    bottom_value = (low // step) * step
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    inset = 8  # round 0 sits a little right of the axis labels

    def x(i: int) -> float:
        return LEFT + inset + ((plot_w - inset) * i / rounds if rounds else 0)

    def y(v: int) -> float:
        return TOP + plot_h - plot_h * (v - bottom_value) / (top_value - bottom_value)

    series = [
        Series(
            index=i,
            name=name,
            points=[(x(0), y(0), 0)] + [(x(r + 1), y(t[i]), t[i]) for r, t in enumerate(running)],
            marker=MARKERS[i % len(MARKERS)],
        )
        for i, name in enumerate(names)
    ]
    x_every = max(1, -(-rounds // 10))
    x_ticks = [Tick(r, x=x(r), y=TOP + plot_h) for r in range(0, rounds + 1, x_every)]
    y_ticks = [Tick(v, x=LEFT, y=y(v)) for v in range(bottom_value, top_value + 1, step)]
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right=WIDTH - RIGHT,
        top=TOP,
        bottom=TOP + plot_h,
        series=series,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        goal=goal,
        goal_y=y(goal) if goal else None,
    )
