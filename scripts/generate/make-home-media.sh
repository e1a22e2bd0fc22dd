#!/usr/bin/env bash
# Makes the home page's local media: two short abstract videos (MP4 + WebM) with WebP posters,
# the banner picture, and the SVG badges for certificates and values. Needs ffmpeg with libx264,
# libvpx-vp9 and libwebp (Debian's ffmpeg package). Re-run after changing colours or sizes;
# every output stays well under 300 kB so the page remains light on slow networks.
set -euo pipefail
cd "$(dirname "$0")/../.."

videos=public/videos
home=public/images/home
certs=public/images/certificates
values=public/images/values
mkdir -p "$videos" "$home" "$certs" "$values"

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# make_video NAME COLOURS SECONDS: slow animated brand gradient, 640x360, 24 fps, no audio.
make_video() {
  local name=$1 colours=$2 seconds=$3
  local src="gradients=s=640x360:${colours}:n=4:speed=0.015:d=${seconds}:r=24:type=radial"
  ff -f lavfi -i "$src" -c:v libx264 -profile:v main -preset slow -crf 30 -pix_fmt yuv420p -movflags +faststart -an "$videos/$name.mp4"
  ff -f lavfi -i "$src" -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -an "$videos/$name.webm"
  # The poster is the first frame, so nothing jumps when playback starts.
  ff -i "$videos/$name.mp4" -frames:v 1 -vf scale=960:540 -c:v libwebp -quality 70 "$home/$name-poster.webp"
}

make_video hero "c0=0x082a5c:c1=0x0f4187:c2=0x2563b8:c3=0x0b3a7e" 8
make_video why-choose-us "c0=0x0b3a7e:c1=0x1a4f9c:c2=0x8a5a00:c3=0x082a5c" 6

# Banner picture: a still gradient, wide.
ff -f lavfi -i "gradients=s=1600x500:c0=0x0b3a7e:c1=0x2563b8:c2=0xf5b82e:n=3:type=linear:d=1" -frames:v 1 \
  -c:v libwebp -quality 70 "$home/banner.webp"

# badge FILE TEXT FILL RING: a round certificate-style badge with a short name in it.
badge() {
  local file=$1 text=$2 fill=$3 ring=$4 size=22
  [ ${#text} -gt 5 ] && size=14
  cat >"$file" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120"><circle cx="60" cy="60" r="56" fill="$fill"/><circle cx="60" cy="60" r="47" fill="none" stroke="$ring" stroke-width="3" stroke-dasharray="4 3"/><text x="60" y="$((60 + size / 3))" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="$size" font-weight="700" fill="#ffffff">$text</text></svg>
SVG
}

# The 11 partner certificates that rotate in the hero (ids match app/content/home.ts).
partners=(ilo:ILO bsci:BSCI sedex:SEDEX accord:ACCORD rsc:RSC iso:ISO rex:REX oeko-tex:OEKO-TEX fsc:FSC gots:GOTS wrap:WRAP)
for entry in "${partners[@]}"; do badge "$certs/partner-${entry%%:*}.svg" "${entry#*:}" "#0b3a7e" "#f5b82e"; done

# Certificate carousel: four named certificates and one shared badge for the numbered cards.
badge "$certs/gots.svg" GOTS "#1f6f43" "#ffffff"
badge "$certs/wrap.svg" WRAP "#0f4187" "#ffffff"
badge "$certs/responsible-forestry.svg" FSC "#2f5d1e" "#ffd166"
badge "$certs/grs.svg" GRS "#3f4754" "#ffffff"
badge "$certs/card.svg" "✓" "#1a4f9c" "#ffd166"

# Value cards: one badge each, initial letter on a brand colour (ids match app/content/values.ts).
valueIds=(integrity:I transparency:T sustainability:S fair-labour:F quality-first:Q on-time-delivery:D innovation:N partnership:P safety:H respect:R accountability:A continuous-improvement:C customer-focus:U)
colours=("#0b3a7e" "#1a4f9c" "#1f6f43" "#8a5a00" "#0f4187" "#3f4754")
i=0
for entry in "${valueIds[@]}"; do
  badge "$values/${entry%%:*}.svg" "${entry#*:}" "${colours[$((i % ${#colours[@]}))]}" "#ffffff"
  i=$((i + 1))
done

ls -l "$videos" "$home" | awk 'NR>1 && $5 > 300000 { print "too large: " $9; bad=1 } END { exit bad }'
du -ch "$videos"/* "$home"/* | tail -1
