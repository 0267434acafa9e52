"""Small statistics helpers for the calculator demo's test results."""

from math import sqrt


def mean(values):
    """Arithmetic mean of a non-empty sequence of numbers."""
    if not values:
        raise ValueError("mean() of an empty sequence")
    return sum(values) / len(values)


def median(values):
    """Middle value (mean of the two middle values for an even count)."""
    if not values:
        raise ValueError("median() of an empty sequence")
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2 == 1:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def stdev(values):
    """Sample standard deviation; needs at least two values."""
    if len(values) < 2:
        raise ValueError("stdev() needs at least two values")
    m = mean(values)
    return sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def summary(values):
    """Dictionary with count, mean, median and (when defined) stdev."""
    result = {"count": len(values), "mean": mean(values), "median": median(values)}
    if len(values) >= 2:
        result["stdev"] = stdev(values)
    return result


if __name__ == "__main__":
    timings_ms = [12.5, 11.0, 13.2, 12.8, 40.1]
    for key, value in summary(timings_ms).items():
        print(f"{key:>6}: {value:.2f}")
