# Runs examples/disks_viewer to write a page, loads it in headless Chromium
# and checks, in the DOM Chromium dumps after the page's script has run,
# that every disk was drawn for the first and the last frame.
#   cmake -DEXAMPLE=<disks_viewer> -DCHROMIUM=<chromium> -DWORK=<dir> -P html_viewer.cmake
cmake_minimum_required(VERSION 3.21)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(disks 144)  # a full 12 x 12 lattice
execute_process(COMMAND ${EXAMPLE} ${WORK}/disks.html --n ${disks} --time 2 --frame-interval 0.1
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "disks_viewer failed (${result}):\n${output}${errors}")
endif()

foreach(case IN ITEMS "first;#frame=0;1 / 21" "last;#frame=20;21 / 21")
  list(GET case 0 name)
  list(GET case 1 hash)
  list(GET case 2 label)
  set(profile ${WORK}/profile-${name})  # a new profile each run
  file(REMOVE_RECURSE ${profile})
  execute_process(
    COMMAND ${CHROMIUM} --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
            --disable-background-networking --disable-component-update --disable-sync
            --user-data-dir=${profile} --virtual-time-budget=3000
            --dump-dom file://${WORK}/disks.html${hash}
    RESULT_VARIABLE result OUTPUT_VARIABLE dom ERROR_VARIABLE errors TIMEOUT 120)
  file(REMOVE_RECURSE ${profile})
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "chromium failed (${result}):\n${errors}")
  endif()
  if(NOT dom MATCHES "id=\"drawn-count\">${disks}<")
    string(REGEX MATCH "id=\"drawn-count\">[^<]*<" found "${dom}")
    message(FATAL_ERROR "${name} frame: expected ${disks} disks drawn, the page says '${found}'")
  endif()
  if(NOT dom MATCHES "frame ${label}, t = ")
    string(REGEX MATCH "id=\"label\">[^<]*<" found "${dom}")
    message(FATAL_ERROR "${name} frame: expected 'frame ${label}', the page says '${found}'")
  endif()
  message(STATUS "${name} frame: ${disks} disks drawn, frame ${label}")
endforeach()
