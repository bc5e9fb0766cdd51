# SPDX-License-Identifier: GPL-2.0-or-later
# Runs several commands in order (STEP1, STEP2, ...: words separated by |,
# as ctest would split a ;-list), stops
# at the first that fails, then, with COMPARE, checks that two files are
# identical byte for byte.
foreach(n RANGE 1 9)
  if(NOT DEFINED STEP${n})
    break()
  endif()
  string(REPLACE "|" ";" command "${STEP${n}}")
  execute_process(COMMAND ${command} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "step ${n} failed (${result}): ${STEP${n}}")
  endif()
  if(out MATCHES "carom-check: FAIL")
    message(FATAL_ERROR "step ${n} reported a failure")
  endif()
endforeach()
if(DEFINED COMPARE)
  string(REPLACE "|" ";" files "${COMPARE}")
  list(GET files 0 first)
  list(GET files 1 second)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${first} ${second} RESULT_VARIABLE same)
  if(NOT same EQUAL 0)
    message(FATAL_ERROR "${first} and ${second} differ")
  endif()
  message("${first} and ${second} are identical")
endif()
