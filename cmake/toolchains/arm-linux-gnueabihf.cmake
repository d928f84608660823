# arm-linux-gnueabihf.cmake: cross-builds isaprobe for 32-bit Arm boards: RK3288 (Mali-T760), Exynos 5250 (Mali-T604), Allwinner A10-A33 and H3 (Mali-400), with Debian's cross compiler and the
# board's libraries as Debian multiarch packages (README, "Running on a board"):
#   apt install gcc-arm-linux-gnueabihf
#   dpkg --add-architecture armhf && apt update && apt install libdrm-dev:armhf libsqlite3-dev:armhf
#   cmake -B build/armhf -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/arm-linux-gnueabihf.cmake \
#         -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
set(CMAKE_SYSTEM_PROCESSOR arm)
set(ISAPROBE_CROSS_TRIPLE arm-linux-gnueabihf)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross-common.cmake)
