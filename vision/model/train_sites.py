#!/usr/bin/env python3
"""Train the clue-site classifier and export it as ONNX.

The reader cuts every line segment two cells share into a grey patch with
the line running down its middle (vision/internal/clueread/patch.go); this net tells
whether the patch holds nothing but the line (class 0), an '=' (1) or a
'x' (2). `go run ./cmd/visionlab patches -o DIR` cuts the patches from
rendered suites whose seeds no measured suite uses; this script trains on
DIR/train, reports on DIR/val and writes the model.

It runs on the CPU with one thread and a fixed seed, so that `make model`
gives back the committed model.

    python3 vision/model/train_sites.py DIR vision/model/sites.onnx
"""

import json
import os
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

SEED = 20261125
INPUT = 24       # the net's input side (vision siteSide)
EPOCHS = 28
BATCH = 256
# Each epoch sees every clue and this many bare sites drawn afresh: the
# bare ones are forty times as many and mostly alike.
NONE_PER_EPOCH = 40000
# The spread a patch is divided by is at least this many grey levels, so
# that a flat patch's noise is not blown up into strokes (vision siteMinSpread).
MIN_SPREAD = 32.0
# The spread is measured in the band this many pixels either side of the
# line, where every clue has ink and the neighbouring cells' glyphs seldom
# reach; beyond it a glyph is clipped (vision siteBandHalf).
BAND_HALF = 5
# The spread is also at least the whole patch's largest departure over
# this, so that glyphs beside the band still damp the paper's noise
# between them (vision siteGlyphDamping).
GLYPH_DAMPING = 2.0


def load(d):
    meta = json.load(open(os.path.join(d, "meta.json")))
    side = meta["side"]
    pix = np.fromfile(os.path.join(d, "sites.u8"), dtype=np.uint8).reshape(-1, side, side)
    labels = np.fromfile(os.path.join(d, "labels.u8"), dtype=np.uint8).astype(np.int64)
    return pix, labels, side


def normalise(p):
    """The reader's normalisation (vision normaliseSite): the patch less its
    median, over its largest departure from it in the band along the
    line (at least the whole patch's over GLYPH_DAMPING), clipped to
    [-1, 1]."""
    p = p.astype(np.float32)
    flat = p.reshape(p.shape[0], -1)
    med = np.median(flat, axis=1)[:, None, None]
    d = p - med
    lo = (p.shape[2] - 2 * BAND_HALF) // 2
    band = np.abs(d[:, :, lo:lo + 2 * BAND_HALF]).reshape(p.shape[0], -1).max(axis=1)
    whole = np.abs(d).reshape(p.shape[0], -1).max(axis=1) / GLYPH_DAMPING
    spread = np.maximum(np.maximum(band, whole), MIN_SPREAD)[:, None, None]
    return np.clip(d / spread, -1.0, 1.0)


class SiteNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 12, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),   # 12
            nn.Conv2d(12, 24, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # 6
            nn.Conv2d(24, 48, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # 3
        )
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(48 * 9, 32), nn.ReLU(), nn.Linear(32, 3))

    def forward(self, x):
        return self.head(self.features(x))


def crops(pix, rng, margin):
    """The patches as the reader might cut them: shifted by as much as the
    rectification errs, a little turned and scaled (clues come in many
    sizes), mirrored (both clues are symmetric about the line and along
    it), sometimes blurred, and now and then in the other polarity (light
    clues on dark tiles)."""
    n, side = pix.shape[0], pix.shape[1]
    x = torch.from_numpy(pix.astype(np.float32))[:, None]
    angle = torch.from_numpy(rng.uniform(-0.14, 0.14, n).astype(np.float32))
    zoom = torch.from_numpy(np.exp(rng.uniform(-0.7, 0.3, n)).astype(np.float32))
    shift = torch.from_numpy(rng.uniform(-margin, margin, (n, 2)).astype(np.float32)) * (2.0 / side)
    flip = torch.from_numpy(np.where(rng.random((n, 2)) < 0.5, -1.0, 1.0).astype(np.float32))
    # The output's INPUT pixels span INPUT/side of the input at zoom 1.
    k = INPUT / side / zoom
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = k * torch.cos(angle) * flip[:, 0]
    theta[:, 0, 1] = -k * torch.sin(angle)
    theta[:, 1, 0] = k * torch.sin(angle) * flip[:, 0]
    theta[:, 1, 1] = k * torch.cos(angle)
    theta[:, 1] *= flip[:, 1:2]
    theta[:, :, 2] = shift
    grid = F.affine_grid(theta, (n, 1, INPUT, INPUT), align_corners=False)
    out = F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)
    blur = rng.random(n) < 0.25
    if blur.any():
        kernel = torch.tensor([[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]])[None, None] / 16
        idx = torch.from_numpy(np.flatnonzero(blur))
        out[idx] = F.conv2d(F.pad(out[idx], (1, 1, 1, 1), mode="replicate"), kernel)
    x = normalise(np.clip(np.rint(out[:, 0].numpy()), 0, 255))
    # Half the patches are turned a quarter: '=' is drawn flat on a
    # vertical line by most apps but turned ('‖') by some, and a patch
    # always shows its line upright, so the bars may lie either way
    # across it; the turn shows the net both.
    turn = rng.random(n) < 0.5
    x[turn] = np.swapaxes(x[turn], 1, 2)
    invert = rng.random(n) < 0.2
    x[invert] = -x[invert]
    x = x + rng.normal(0, 0.03, x.shape).astype(np.float32)
    return np.ascontiguousarray(x)


def centre(pix, margin):
    return normalise(pix[:, margin:margin + INPUT, margin:margin + INPUT])


def evaluate(model, x, y):
    model.eval()
    with torch.no_grad():
        logits = torch.cat([model(torch.from_numpy(x[i:i + 4096])[:, None]) for i in range(0, len(x), 4096)])
    pred = logits.argmax(1).numpy()
    conf = np.zeros((3, 3), dtype=int)
    for t, p in zip(y, pred):
        conf[t, p] += 1
    return conf


def report(name, conf):
    total = conf.sum()
    acc = np.trace(conf) / total
    tp = conf[1, 1] + conf[2, 2]
    found = conf[:, 1:].sum()
    truth = conf[1:, :].sum()
    print(f"{name}: accuracy {acc:.4f}; clues: precision {tp / max(1, found):.4f}, recall {tp / max(1, truth):.4f}")
    print(f"  confusion (rows truth none/=/x, columns read):\n{conf}")


def main():
    data, out = sys.argv[1], sys.argv[2]
    torch.manual_seed(SEED)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    rng = np.random.default_rng(SEED)
    pix, y, side = load(os.path.join(data, "train"))
    vpix, vy, _ = load(os.path.join(data, "val"))
    margin = (side - INPUT) // 2
    vx = centre(vpix, margin)
    model = SiteNet()
    print("parameters:", sum(p.numel() for p in model.parameters()))
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, EPOCHS)
    # The bare sites an epoch leaves out are weighed back in, so that the
    # probabilities keep the sites' true odds: the rules downstream add
    # and drop clues by them (solver.Suggest).
    none_count = int((y == 0).sum())
    none_weight = max(1.0, none_count / NONE_PER_EPOCH)
    loss_fn = nn.CrossEntropyLoss(weight=torch.tensor([none_weight, 1.0, 1.0]))
    yt = torch.from_numpy(y)
    for epoch in range(EPOCHS):
        model.train()
        none = np.flatnonzero(y == 0)
        picked = np.concatenate([np.flatnonzero(y != 0), rng.choice(none, min(NONE_PER_EPOCH, len(none)), replace=False)])
        order = rng.permutation(picked)
        total = 0.0
        for b in range(0, len(order), BATCH):
            idx = np.sort(order[b:b + BATCH])
            x = torch.from_numpy(crops(pix[idx], rng, margin))[:, None]
            opt.zero_grad()
            loss = loss_fn(model(x), yt[idx])
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        sched.step()
        print(f"epoch {epoch + 1}: loss {total / len(order):.4f}", flush=True)
        if epoch % 4 == 3 or epoch == EPOCHS - 1:
            report("validation", evaluate(model, vx, vy))
    report("training (centre crops)", evaluate(model, centre(pix, margin), y))
    model.eval()
    torch.onnx.export(model, torch.zeros(1, 1, INPUT, INPUT), out, opset_version=11,
                      input_names=["patch"], output_names=["logits"],
                      dynamic_axes={"patch": {0: "n"}, "logits": {0: "n"}})
    print("wrote", out)


if __name__ == "__main__":
    main()
