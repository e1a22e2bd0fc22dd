#!/usr/bin/env bash
# Makes the small local videos and their posters for /ourservices and the /faq banner.
# Run once by hand (needs ffmpeg with libvpx-vp9, libx264 and libwebp); the outputs are committed,
# so the build and CI never need ffmpeg. Replace the files in public/videos/ with real footage
# (same names, or change the paths in app/content/services.ts and app/content/faq.ts).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=public/videos
mkdir -p "$out"

# name, gradient colours, texture: a slow brand-coloured gradient with a woven-thread texture.
make() {
  local name=$1 colours=$2 type=$3
  local src="gradients=s=640x360:d=8:r=24:${colours}:speed=0.012:type=${type},format=yuv420p[bg];
    color=c=gray:s=640x360:d=8:r=24,format=gray,geq=lum='128+70*sin((X+T*24)/5)*sin((Y-T*12)/5)',format=yuv420p[weave];
    [bg][weave]blend=all_mode=overlay:all_opacity=0.18,fade=t=in:st=0:d=0.6,fade=t=out:st=7.4:d=0.6[out]"
  ffmpeg -v error -y -filter_complex "$src" -map "[out]" -t 8 \
    -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -cpu-used 4 -an "$out/$name.webm"
  ffmpeg -v error -y -filter_complex "$src" -map "[out]" -t 8 \
    -c:v libx264 -preset slow -crf 30 -profile:v main -pix_fmt yuv420p -movflags +faststart -an "$out/$name.mp4"
  # Poster: a frame from the middle (the first is faded to black).
  ffmpeg -v error -y -ss 3 -i "$out/$name.mp4" -frames:v 1 -c:v libwebp -quality 70 "$out/$name-poster.webp"
}

make services "c0=0x082a5c:c1=0x1a4f9c:c2=0x2563b8:c3=0x8a5a00:nb_colors=4" linear
make faq "c0=0x0b3a7e:c1=0x082a5c:c2=0x2563b8:nb_colors=3" radial
ls -l "$out"
