#!/usr/bin/env python3
"""Train the cell classifier and export it as ONNX.

The reader cuts every cell of the rectified grid into a patch of three
planes: grey, as the departure from the grid's paper, and two colour
differences (vision/internal/cellread/patch.go). This net tells the glyph kind the
patch holds (meta.json "kinds": blank, each style's glyphs, 0h h1's
tiles); the reader takes the grid's style from the kinds' votes.
`go run ./cmd/visionlab cellpatches -o DIR` cuts the patches from
rendered suites whose seeds no measured suite uses; this script trains on
DIR/train, reports on DIR/val and writes the model.

It runs on the CPU with one thread and a fixed seed, so that `make model`
gives back the committed model.

    python3 vision/model/train_cells.py DIR vision/model/cells.onnx
"""

import json
import os
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

SEED = 20261126
INPUT = 24   # the net's input side (vision cellSide)
GAIN = 64.0  # levels per unit of the stored planes (vision cellGreyGain)
EPOCHS = 16
BATCH = 256


def load(d):
    meta = json.load(open(os.path.join(d, "meta.json")))
    side, ch = meta["side"], meta["channels"]
    pix = np.fromfile(os.path.join(d, "cells.u8"), dtype=np.uint8).reshape(-1, ch, side, side)
    labels = np.fromfile(os.path.join(d, "labels.u8"), dtype=np.uint8).astype(np.int64)
    return pix, labels, side, meta["kinds"]


def to_input(p):
    """The reader's scaling (vision classifyCells): 128 is paper, GAIN a unit."""
    return (p.astype(np.float32) - 128.0) / GAIN


class CellNet(nn.Module):
    def __init__(self, kinds):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),    # 12
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),   # 6
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # 3
        )
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(32 * 9, 64), nn.ReLU(), nn.Linear(64, kinds))

    def forward(self, x):
        return self.head(self.features(x))


def crops(pix, rng, margin, grey_gain=(0.75, 1.3), grey_shift=0.25):
    """The patches as the reader might cut them: shifted by as much as the
    windows err, a little turned and scaled, sometimes blurred, with the
    paper a little off the grid's (shading in photos, grey_shift) and
    contrast (grey_gain) and colour weaker or stronger."""
    n, side = pix.shape[0], pix.shape[2]
    x = torch.from_numpy(to_input(pix))
    angle = torch.from_numpy(rng.uniform(-0.08, 0.08, n).astype(np.float32))
    zoom = torch.from_numpy(np.exp(rng.uniform(-0.12, 0.12, n)).astype(np.float32))
    shift = torch.from_numpy(rng.uniform(-margin, margin, (n, 2)).astype(np.float32)) * (2.0 / side)
    k = INPUT / side / zoom
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = k * torch.cos(angle)
    theta[:, 0, 1] = -k * torch.sin(angle)
    theta[:, 1, 0] = k * torch.sin(angle)
    theta[:, 1, 1] = k * torch.cos(angle)
    theta[:, :, 2] = shift
    grid = F.affine_grid(theta, (n, 3, INPUT, INPUT), align_corners=False)
    out = F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)
    blur = rng.random(n) < 0.25
    if blur.any():
        kernel = (torch.tensor([[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]) / 16).expand(3, 1, 3, 3)
        idx = torch.from_numpy(np.flatnonzero(blur))
        out[idx] = F.conv2d(F.pad(out[idx], (1, 1, 1, 1), mode="replicate"), kernel, groups=3)
    out = out.numpy()
    out[:, 0] = out[:, 0] * rng.uniform(grey_gain[0], grey_gain[1], (n, 1, 1)).astype(np.float32) + rng.uniform(-grey_shift, grey_shift, (n, 1, 1)).astype(np.float32)
    out[:, 1:] = out[:, 1:] * rng.uniform(0.6, 1.3, (n, 1, 1, 1)).astype(np.float32)
    out = out + rng.normal(0, 0.03, out.shape).astype(np.float32)
    # The reader's planes are bytes: what a byte cannot hold it never sees.
    out = np.clip(out, -2.0, 127.0 / GAIN)
    return np.ascontiguousarray(out)


def centre(pix, margin):
    return to_input(pix[:, :, margin:margin + INPUT, margin:margin + INPUT])


def evaluate(model, x, kinds):
    model.eval()
    with torch.no_grad():
        logits = torch.cat([model(torch.from_numpy(x[i:i + 4096])) for i in range(0, len(x), 4096)])
    return logits.argmax(1).numpy()


def report(name, y, pred, kinds):
    k = len(kinds)
    conf = np.zeros((k, k), dtype=int)
    for t, p in zip(y, pred):
        conf[t, p] += 1
    print(f"{name}: accuracy {np.trace(conf) / conf.sum():.4f} over {conf.sum()}")
    print("  confusion (rows truth, columns read):", " ".join(kinds))
    for i in range(k):
        if conf[i].sum():
            print(f"  {kinds[i]:>7}", conf[i])


def main():
    data, out = sys.argv[1], sys.argv[2]
    torch.manual_seed(SEED)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    rng = np.random.default_rng(SEED)
    pix, y, side, kinds = load(os.path.join(data, "train"))
    vpix, vy, _, _ = load(os.path.join(data, "val"))
    margin = (side - INPUT) // 2
    vx = centre(vpix, margin)
    print("training cells:", len(y), "by kind:", np.bincount(y, minlength=len(kinds)))
    model = CellNet(len(kinds))
    print("parameters:", sum(p.numel() for p in model.parameters()))
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, EPOCHS)
    # The rarer kinds (I, sun, moon) weigh more, by the square root of
    # their rarity: an X/O/I grid's few I's decide its style.
    counts = np.bincount(y, minlength=len(kinds)).astype(np.float32)
    weight = np.sqrt(counts.max() / np.maximum(counts, 1))
    loss_fn = nn.CrossEntropyLoss(weight=torch.from_numpy(weight / weight.mean()))
    yt = torch.from_numpy(y)
    for epoch in range(EPOCHS):
        model.train()
        order = rng.permutation(len(y))
        total = 0.0
        for b in range(0, len(order), BATCH):
            idx = np.sort(order[b:b + BATCH])
            x = torch.from_numpy(crops(pix[idx], rng, margin))
            opt.zero_grad()
            loss = loss_fn(model(x), yt[idx])
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        sched.step()
        print(f"epoch {epoch + 1}: loss {total / len(order):.4f}", flush=True)
        if epoch % 3 == 2 or epoch == EPOCHS - 1:
            report("validation", vy, evaluate(model, vx, kinds), kinds)
    report("training (centre crops)", y, evaluate(model, centre(pix, margin), kinds), kinds)
    model.eval()
    torch.onnx.export(model, torch.zeros(1, 3, INPUT, INPUT), out, opset_version=11,
                      input_names=["patch"], output_names=["logits"],
                      dynamic_axes={"patch": {0: "n"}, "logits": {0: "n"}})
    print("wrote", out)


if __name__ == "__main__":
    main()
