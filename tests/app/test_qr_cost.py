"""The QR code of the sidebar's link is drawn on every step change of every student (the
link holds the step): it must cost little server time (issue 26, found with py-spy under the
hostile class: segno scoring eight masks was over half of a step change's server CPU)."""

from __future__ import annotations

import time

import pytest
import segno.encoder

from ui.draw.qr import QR_MASK, qr_img_html, qr_svg

LINK = "http://192.168.1.20:8501/bpe_learn?corpus=own&bpe_learn_step=7&text=" + "lower+" * 150


def test_the_code_is_drawn_with_one_mask(monkeypatch: pytest.MonkeyPatch) -> None:
    def scored(*args: object, **kwargs: object) -> object:
        raise AssertionError("segno scored the eight masks")

    monkeypatch.setattr(segno.encoder, "evaluate_mask", scored)
    assert qr_svg(LINK).startswith("<svg")
    assert segno.make(LINK, error="m", micro=False, mask=QR_MASK).mask == QR_MASK


def test_the_code_keeps_its_error_correction() -> None:
    code = segno.make(LINK, error="m", micro=False, mask=QR_MASK)
    assert code.designator.endswith("-M")  # level M, as before; only the mask is fixed
    assert 'src="data:image/svg+xml;base64,' in qr_img_html(LINK, alt="QR")


def test_a_long_link_costs_a_few_milliseconds() -> None:
    best = min(_cpu(lambda: qr_img_html(LINK, alt="QR", scale=4)) for _ in range(5))
    assert best < 0.045, best  # 968 characters: 0.09 s with segno's eight masks, 0.02 s with one


def _cpu(work: object) -> float:
    start = time.thread_time()
    work()  # type: ignore[operator]
    return time.thread_time() - start
